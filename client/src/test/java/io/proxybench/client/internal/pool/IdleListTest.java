package io.proxybench.client.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class IdleListTest {
    private final IdleList<String> list = new IdleList<>();
    private final IdleList.Node<String> a = new IdleList.Node<>("a");
    private final IdleList.Node<String> b = new IdleList.Node<>("b");
    private final IdleList.Node<String> c = new IdleList.Node<>("c");

    @Test
    void keepsTheLeastRecentlyAddedFirstAndANodeAddedAgainKeepsItsPlace() {
        list.add(a);
        list.add(b);
        list.add(c);
        list.add(a);
        assertThat(list).containsExactly("a", "b", "c");
        assertThat(list.size()).isEqualTo(3);
        assertThat(list.oldest()).isEqualTo("a");
        list.remove(b);
        list.add(b);
        assertThat(list).containsExactly("a", "c", "b");
    }

    @Test
    void walksNewestFirstThroughItsNodesAndAnEmptyListHasNone() {
        assertThat(list.newest()).isNull();
        list.add(a);
        list.add(b);
        list.add(c);
        list.remove(b);
        List<String> walked = new ArrayList<>();
        for (IdleList.Node<String> n = list.newest(); n != null; n = list.older(n)) {
            walked.add(n.value());
        }
        assertThat(walked).containsExactly("c", "a");
    }

    @Test
    void removingWhatIsNotInTheListChangesNothingAndANodeCanBeInTwoListsThroughTwoNodes() {
        list.remove(a);
        list.add(a);
        list.remove(a);
        list.remove(a);
        assertThat(list).isEmpty();
        assertThat(list.size()).isZero();
        assertThat(list.oldest()).isNull();
        IdleList<String> other = new IdleList<>();
        list.add(a);
        other.add(new IdleList.Node<>("a"));
        list.remove(a);
        assertThat(other).containsExactly("a");
    }

    @Test
    void theElementJustReturnedCanBeRemovedWhileIterating() {
        list.add(a);
        list.add(b);
        list.add(c);
        List<String> seen = new ArrayList<>();
        for (String value : list) {
            seen.add(value);
            list.remove(value.equals("a") ? a : value.equals("b") ? b : c);
        }
        assertThat(seen).containsExactly("a", "b", "c");
        assertThat(list).isEmpty();
    }

    @Test
    void clearEmptiesItAndAnIteratorPastTheEndSaysSo() {
        list.add(a);
        list.add(b);
        list.clear();
        assertThat(list.size()).isZero();
        list.add(b);
        assertThat(list).containsExactly("b");
        Iterator<String> it = list.iterator();
        it.next();
        assertThat(it.hasNext()).isFalse();
        assertThatThrownBy(it::next).isInstanceOf(NoSuchElementException.class);
    }
}
