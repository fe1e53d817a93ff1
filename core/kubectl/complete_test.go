package kubectl

import (
	"slices"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func noNames(*api.KindInfo) []string { return nil }

// Every command the playground runs completes from its first letters, at
// every level of the tree, and no unavailable one is offered: completion
// walks the command tree itself, so a command added to it completes.
func TestCompleteEveryCommand(t *testing.T) {
	var walk func(c *command, words []string)
	walk = func(c *command, words []string) {
		for _, ch := range c.children {
			prefix := ch.name[:min(2, len(ch.name))]
			got := Complete(words, prefix, noNames)
			if slices.Contains(got, ch.name) == ch.unavailable {
				t.Errorf("Complete(%q, %q) = %q: offers %s: %v, want %v", words, prefix, got, ch.path(), !ch.unavailable, !ch.unavailable)
			}
			if !ch.unavailable {
				walk(ch, append(slices.Clone(words), ch.name))
			}
		}
	}
	walk(newRootCommand(), nil)
	for _, w := range []string{"run", "help"} {
		if !slices.Contains(Complete(nil, w[:2], noNames), w) {
			t.Errorf("kubectl %s<Tab> does not offer %s", w[:2], w)
		}
	}
}

// A command's flags complete from its own flag set, with --namespace.
func TestCompleteFlags(t *testing.T) {
	got := Complete([]string{"rollout", "undo"}, "--", noNames)
	for _, want := range []string{"--to-revision=", "--dry-run", "--namespace=", "-n", "-f"} {
		if !slices.Contains(got, want) {
			t.Errorf("kubectl rollout undo --<Tab>: %q lacks %q", got, want)
		}
	}
	if slices.Contains(got, "--watch") {
		t.Errorf("kubectl rollout undo --<Tab> offers get's --watch: %q", got)
	}
}

// The commands that take no object argument name commands of the tree
// (a renamed command would otherwise complete resource types again).
func TestNoArgCompletionNamesCommands(t *testing.T) {
	root := newRootCommand()
	for _, p := range noArgCompletion {
		c, _ := root.find(strings.Fields(p)[1:])
		if c.path() != p {
			t.Errorf("noArgCompletion names %q, which is not a command (found %q)", p, c.path())
		}
		if got := Complete(strings.Fields(p)[1:], "", func(*api.KindInfo) []string { return []string{"x"} }); len(got) != 0 {
			t.Errorf("%s <Tab> = %q, want nothing", p, got)
		}
	}
}
