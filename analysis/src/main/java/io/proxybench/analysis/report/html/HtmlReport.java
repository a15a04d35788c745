package io.proxybench.analysis.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A self-contained HTML report: inline CSS and SVG, no script or font from the network, so it opens offline. A
 * small inline script records, on each chart, the size the browser drew its data at ({@code data-drawn="WxH"}),
 * which lets a headless browser check that every plot rendered something.
 */
public final class HtmlReport {

    private static final String STYLE = """
            body { font: 15px/1.45 system-ui, sans-serif; margin: 2em auto; padding: 0 1em; max-width: 980px;
                   color: #1b1b1b; overflow-wrap: anywhere; }
            h1 { font-size: 1.6em; margin-bottom: .2em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
            pre { background: #f6f8fa; padding: .8em; overflow-x: auto; font-size: 12.5px; }
            svg.plot { display: block; margin: 1em 0; max-width: 100%; height: auto; }
            svg .title { font-weight: 600; font-size: 14px; } svg .tick, svg .legend { font-size: 11px; }
            svg .label, svg .barlabel { font-size: 12px; } svg .note { font-size: 13px; fill: #777; }
            svg .grid { stroke: #e4e4e4; } svg .axis { stroke: #888; }
            nav a { margin-right: 1em; } .meta { color: #666; }
            table { border-collapse: collapse; table-layout: fixed; width: 100%; margin: 1em 0 .4em; font-size: 14px; }
            col.heading { width: 14em; } th, td { padding: .3em .5em; vertical-align: top; text-align: left; }
            thead th { border-bottom: 2px solid #bbb; } tbody tr { border-bottom: 1px solid #e4e4e4; }
            tbody th { font-weight: 500; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
            td.best { font-weight: 700; background: #eef6ee; } p.note { margin: .2em 0; color: #555; font-size: 13.5px; }
            """;

    /** Runs after the charts are laid out: each chart gets the bounding box of its data elements. */
    private static final String MEASURE = """
            for (const svg of document.querySelectorAll('svg.plot')) {
              let w = 0, h = 0;
              const data = svg.querySelectorAll('.data');
              if (data.length) {
                let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
                for (const e of data) {
                  const b = e.getBBox();
                  x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
                  x1 = Math.max(x1, b.x + b.width); y1 = Math.max(y1, b.y + b.height);
                }
                w = Math.round(x1 - x0); h = Math.round(y1 - y0);
              }
              svg.setAttribute('data-drawn', w + 'x' + h);
              svg.setAttribute('data-elements', String(data.length));
            }
            """;

    private final String title;
    private final List<String> meta;
    private final List<Section> sections;

    /**
     * @param meta lines under the title: when, where and how the report was made
     */
    public HtmlReport(String title, List<String> meta, List<Section> sections) {
        this.title = title;
        this.meta = List.copyOf(meta);
        this.sections = List.copyOf(sections);
    }

    public String html() {
        StringBuilder s = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        s.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        s.append("<title>").append(Svg.escape(title)).append("</title>\n<style>\n").append(STYLE)
                .append("</style>\n</head>\n<body>\n<h1>").append(Svg.escape(title)).append("</h1>\n");
        for (String line : meta) {
            s.append("<p class=\"meta\">").append(Svg.escape(line)).append("</p>\n");
        }
        s.append("<nav>");
        for (Section section : sections) {
            s.append("<a href=\"#").append(section.id()).append("\">").append(Svg.escape(section.heading()))
                    .append("</a>");
        }
        s.append("</nav>\n");
        for (Section section : sections) {
            s.append("<section id=\"").append(section.id()).append("\">\n<h2>").append(Svg.escape(section.heading()))
                    .append("</h2>\n");
            for (String paragraph : section.prose()) {
                s.append("<p>").append(Svg.escape(paragraph)).append("</p>\n");
            }
            section.tables().forEach(t -> s.append(t.html()));
            if (!section.table().isEmpty()) {
                s.append("<pre>").append(Svg.escape(section.table())).append("</pre>\n");
            }
            section.charts().forEach(s::append);
            s.append("</section>\n");
        }
        s.append("<script>\n").append(MEASURE).append("</script>\n</body>\n</html>\n");
        return s.toString();
    }

    /** Writes {@code dir/index.html}, creating {@code dir}; returns the file. */
    public Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("index.html");
        Files.writeString(file, html(), StandardCharsets.UTF_8);
        return file;
    }
}
