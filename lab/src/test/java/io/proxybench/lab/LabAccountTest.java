package io.proxybench.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LabAccountTest {

    @Test
    void readsUserAndPasswordAtTheFirstColonAndNeverShowsThePassword() {
        LabAccount account = LabAccount.parse("alice:s3:cret");
        assertThat(account).isEqualTo(new LabAccount("alice", "s3:cret"));
        assertThat(account.toString()).isEqualTo("alice:****");
        for (String bad : new String[] {"bob", ":hunter2", "bob:", "hunter2"}) {
            assertThatThrownBy(() -> LabAccount.parse(bad)).as(bad).hasMessageStartingWith("takes USER:PASS")
                    .hasMessageNotContaining("hunter2");
        }
    }
}
