package kubectl

import (
	"reflect"
	"testing"
)

func TestParseCommandLine(t *testing.T) {
	tests := []struct {
		line string
		want []string
		err  string
	}{
		{"kubectl get pods", []string{"kubectl", "get", "pods"}, ""},
		{"  kubectl\tget   pods  ", []string{"kubectl", "get", "pods"}, ""},
		{`kubectl get pods -l 'app in (web, api)'`, []string{"kubectl", "get", "pods", "-l", "app in (web, api)"}, ""},
		{`kubectl annotate deploy web kubernetes.io/change-cause="image \"1.16\""`, []string{"kubectl", "annotate", "deploy", "web", `kubernetes.io/change-cause=image "1.16"`}, ""},
		{`kubectl get deploy -o jsonpath='{.items[*].metadata.name}'`, []string{"kubectl", "get", "deploy", "-o", "jsonpath={.items[*].metadata.name}"}, ""},
		{`kubectl patch deploy web -p '{"spec":{"replicas":2}}'`, []string{"kubectl", "patch", "deploy", "web", "-p", `{"spec":{"replicas":2}}`}, ""},
		{`echo a\ b`, []string{"echo", "a b"}, ""},
		{"kubectl get \\\n pods", []string{"kubectl", "get", "pods"}, ""},
		{`kubectl get pods # all of them`, []string{"kubectl", "get", "pods"}, ""},
		{`kubectl get pods#x`, []string{"kubectl", "get", "pods#x"}, ""},
		{`kubectl label pod x a=''`, []string{"kubectl", "label", "pod", "x", "a="}, ""},
		{`kubectl exec web -- ""`, []string{"kubectl", "exec", "web", "--", ""}, ""},
		{`"a"'b'c`, []string{"abc"}, ""},
		{`"a\$b\\c\d"`, []string{`a$b\c\d`}, ""},
		{"", nil, ""},
		{"# just a comment", nil, ""},
		{`kubectl get 'pods`, nil, "bash: unexpected EOF while looking for matching `''"},
		{`kubectl get "pods`, nil, "bash: unexpected EOF while looking for matching `\"'"},
		{`kubectl get pods | grep web`, nil, "bash: syntax error near unexpected token `|': the console runs one kubectl command at a time, without pipes or redirections"},
	}
	for _, tt := range tests {
		got, err := ParseCommandLine(tt.line)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseCommandLine(%q) error = %v, want %q", tt.line, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseCommandLine(%q): %v", tt.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseCommandLine(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// FuzzParseCommandLine: no input panics, and re-quoting the words gives
// them back.
func FuzzParseCommandLine(f *testing.F) {
	for _, s := range []string{"kubectl get pods", `a 'b c' "d\"e" f\ g`, "x # y", `"unterminated`, "a\\\nb", "|", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := ParseCommandLine(line)
		if err != nil {
			return
		}
		var quoted string
		for _, w := range words {
			quoted += " '" + replaceAll(w, "'", `'\''`) + "'"
		}
		again, err := ParseCommandLine(quoted)
		if err != nil || !reflect.DeepEqual(again, words) && len(words) > 0 {
			t.Fatalf("requoted %q gave %q (%v), want %q", quoted, again, err, words)
		}
	})
}

func replaceAll(s, old, new string) string {
	out := ""
	for {
		i := indexOf(s, old)
		if i < 0 {
			return out + s
		}
		out += s[:i] + new
		s = s[i+len(old):]
	}
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestFlagParsing(t *testing.T) {
	defs := []flagDef{
		{name: "namespace", shorthand: "n", kind: kindString},
		{name: "all-namespaces", shorthand: "A", kind: kindBool},
		{name: "watch", shorthand: "w", kind: kindBool},
		{name: "replicas", kind: kindInt32, def: "-1"},
		{name: "filename", shorthand: "f", kind: kindStringSlice},
		{name: "timeout", kind: kindDuration, def: "0s"},
		{name: "output", shorthand: "o", kind: kindString},
	}
	tests := []struct {
		args    []string
		check   func(fs *flagSet) bool
		wantErr string
	}{
		{[]string{"-n", "kube-system", "pods"}, func(fs *flagSet) bool { return fs.string("namespace") == "kube-system" && fs.args[0] == "pods" }, ""},
		{[]string{"-nkube-system"}, func(fs *flagSet) bool { return fs.string("namespace") == "kube-system" }, ""},
		{[]string{"-n=kube-system"}, func(fs *flagSet) bool { return fs.string("namespace") == "kube-system" }, ""},
		{[]string{"--namespace=x"}, func(fs *flagSet) bool { return fs.string("namespace") == "x" }, ""},
		{[]string{"-Aw"}, func(fs *flagSet) bool { return fs.bool("all-namespaces") && fs.bool("watch") }, ""},
		{[]string{"-Awo", "wide"}, func(fs *flagSet) bool { return fs.bool("watch") && fs.string("output") == "wide" }, ""},
		{[]string{"--watch=false"}, func(fs *flagSet) bool { return !fs.bool("watch") && fs.changed("watch") }, ""},
		{[]string{"-f", "a.yaml", "-f", "b.yaml,c.yaml"}, func(fs *flagSet) bool { return len(fs.strings("filename")) == 3 }, ""},
		{[]string{"--all_namespaces"}, func(fs *flagSet) bool { return fs.bool("all-namespaces") }, ""},
		{[]string{"pod", "--", "-n", "x"}, func(fs *flagSet) bool { return fs.argsLenAtDash == 1 && len(fs.args) == 3 }, ""},
		{[]string{"--timeout=90s"}, func(fs *flagSet) bool { return fs.duration("timeout").Seconds() == 90 }, ""},
		{[]string{"--replica=3"}, nil, "unknown flag: --replica"},
		{[]string{"-x"}, nil, "unknown shorthand flag: 'x' in -x"},
		{[]string{"-Axy"}, nil, "unknown shorthand flag: 'x' in -xy"},
		{[]string{"--replicas"}, nil, "flag needs an argument: --replicas"},
		{[]string{"-n"}, nil, "flag needs an argument: 'n' in -n"},
		{[]string{"--replicas=three"}, nil, `invalid argument "three" for "--replicas" flag: strconv.ParseInt: parsing "three": invalid syntax`},
		{[]string{"-w=maybe"}, nil, `invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax`},
		{[]string{"--timeout=soon"}, nil, `invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"`},
		{[]string{"---x"}, nil, "bad flag syntax: ---x"},
	}
	for _, tt := range tests {
		fs := newFlagSet()
		for _, d := range defs {
			fs.add(d)
		}
		err := fs.parse(tt.args)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("parse(%q) error = %v, want %q", tt.args, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !tt.check(fs) {
			t.Errorf("parse(%q): err %v, flags not as expected (args %q)", tt.args, err, fs.args)
		}
	}
}
