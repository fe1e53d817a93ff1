package lesson

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	src := "First line\nsecond line with `code` and **bold**.\n\n" +
		"- one\n  continued\n- two [docs](https://kubernetes.io/docs/)\n" +
		"1. first\n2. second\n\n" +
		"```\nkubectl get pods\n  indented\n```\n" +
		"Last [not a link] and a ] alone.\n"
	blocks, _, err := parseMarkdown(src)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(blocks)
	want := `[{"kind":"p","items":[[{"kind":"text","text":"First line second line with "},{"kind":"code","text":"code"},{"kind":"text","text":" and "},{"kind":"bold","text":"bold"},{"kind":"text","text":"."}]]},` +
		`{"kind":"ul","items":[[{"kind":"text","text":"one continued"}],[{"kind":"text","text":"two "},{"kind":"link","text":"docs","href":"https://kubernetes.io/docs/"}]]},` +
		`{"kind":"ol","items":[[{"kind":"text","text":"first"}],[{"kind":"text","text":"second"}]]},` +
		`{"kind":"pre","code":"kubectl get pods\n  indented"},` +
		`{"kind":"p","items":[[{"kind":"text","text":"Last [not a link] and a ] alone."}]]}]`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestMarkdownErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		line int
		want string
	}{
		{"ok\n\n```\nnever closed\n", 2, "a ``` code block is not closed"},
		{"ok\n\n- item `open\n", 2, "a `code` span is not closed"},
		{"a\nb **bold\n", 0, "**bold** is not closed"},
		{"[x](ftp://host)\n", 0, "a link must go to an http(s):// address"},
	} {
		_, line, err := parseMarkdown(tc.src)
		if err == nil || line != tc.line || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: line %d, err %v; want line %d, %q", tc.src, line, err, tc.line, tc.want)
		}
	}
}

// Parse never panics, and what it refuses it refuses with positioned errors.
func FuzzParse(f *testing.F) {
	f.Add([]byte(small))
	f.Add([]byte("# T\nlink https://x\nintro i.md\nstep S\ntext i.md\nsolve tick\ncheck count pods == 1\nfinish i.md\n-- i.md --\n- `a` **b** [c](https://d)\n"))
	f.Add([]byte("step\nstep 2\nstep x\ncheck not not\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse("f.txtar", data)
		if err != nil {
			list, ok := err.(ErrorList)
			if !ok || len(list) == 0 {
				t.Fatalf("error %T %v", err, err)
			}
			return
		}
		if len(l.Steps) == 0 || l.Setup == nil {
			t.Fatalf("a lesson without steps or setup parsed")
		}
		for _, st := range l.Steps {
			if len(st.Checks) == 0 || len(st.Solution) == 0 {
				t.Fatalf("step %q parsed without checks or solution", st.Title)
			}
		}
	})
}
