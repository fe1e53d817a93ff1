package scenario

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse: no input makes the parser panic, and whatever it accepts is
// well formed.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"",
		"tick\n",
		"seed 3\nimage * pull=0s\nkubectl apply -f a.yaml\n-- a.yaml --\nkind: Deployment\n",
		"node add n cpu=1 taint=a=b:NoSchedule\nnode fail n\n",
		"kubectl get pods -o 'jsonpath={.items[*].metadata.name}'\n",
		"kubectl apply -f \"a b.yaml\"\n-- a b.yaml --\n",
		"image nginx crash=1s exit=3 like=httpd\n",
		"-- a --\n-- a --\n",
		"tick 1h\r\nstep 3\r\n",
	} {
		f.Add([]byte(s))
	}
	paths, _ := filepath.Glob("../../assets/scenarios/*.txtar")
	for _, p := range paths {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("f.txtar", data)
		if err != nil {
			if s != nil {
				t.Fatal("Parse returned both a scenario and an error")
			}
			if !strings.HasPrefix(err.Error(), "f.txtar") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if len(s.Commands) == 0 {
			t.Fatal("accepted a script without commands")
		}
		last := 0
		for _, c := range s.Commands {
			if c.Line <= last || c.Text == "" || c.Kind < Kubectl || c.Kind > ControllerManager {
				t.Fatalf("bad command %+v after line %d", c, last)
			}
			last = c.Line
			for _, name := range c.Files {
				if _, ok := s.File(name); !ok {
					t.Fatalf("line %d names a missing file %q", c.Line, name)
				}
			}
		}
	})
}
