package main

import (
	"bytes"
	"strings"
	"testing"
)

// tinyModule is a hand-assembled module: one imported function, one
// imported memory, two defined functions, a data segment and the names of
// all three functions.
func tinyModule() []byte {
	section := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	var b bytes.Buffer
	b.WriteString("\x00asm\x01\x00\x00\x00")
	b.Write(section(1, 1, 0x60, 0, 0)) // types: () -> ()
	imports := []byte{2}
	imports = append(append(append(imports, str("go")...), str("f")...), 0, 0)
	imports = append(append(append(imports, str("go")...), str("mem")...), 2, 1, 1, 2) // memory, min 1 max 2
	b.Write(section(2, imports...))
	b.Write(section(3, 2, 0, 0))                                     // two functions of type 0
	b.Write(section(10, 2, 2, 0, 0x0b, 4, 0, 0x01, 0x01, 0x0b))      // bodies of 3 and 5 bytes
	b.Write(section(11, 1, 0, 0x41, 0, 0x0b, 4, 'a', 'b', 'c', 'd')) // one active segment
	names := []byte{3}
	names = append(append(names, 0), str("imported")...)
	names = append(append(names, 1), str("encoding_json.Marshal")...)
	names = append(append(names, 2), str("github.com_x_y_z.(*T).M")...)
	custom := append(str("name"), append([]byte{1, byte(len(names))}, names...)...)
	b.Write(section(0, custom...))
	return b.Bytes()
}

func TestParse(t *testing.T) {
	m, err := parse(tinyModule())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.bodies) != 2 || m.bodies[0] != 3 || m.bodies[1] != 5 {
		t.Errorf("bodies %v, want [3 5]", m.bodies)
	}
	if strings.Join(m.names, " ") != "encoding_json.Marshal github.com_x_y_z.(*T).M" {
		t.Errorf("names %q: the imported function must not shift them", m.names)
	}
	if m.code != 9 || m.data != 10 {
		t.Errorf("code %d, data %d; want 9, 10", m.code, m.data)
	}
}

func TestParseRefusesBadInput(t *testing.T) {
	good := tinyModule()
	for name, b := range map[string][]byte{
		"not wasm":  []byte("hello, world"),
		"truncated": good[:len(good)-5],
		"no names":  good[:bytes.LastIndex(good, []byte("\x04name"))-2],
	} {
		if _, err := parse(b); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestPackageOf(t *testing.T) {
	pkgs := packagesOf("encoding/json true\ngithub.com/x/y false github.com/x/y\ngithub.com/x/y/z-w false github.com/x/y\n")
	for name, want := range map[string]pkg{
		"encoding_json.Marshal":     {"encoding/json", stdGroup},
		"github.com_x_y_z_w.(*T).M": {"github.com/x/y/z-w", "github.com/x/y"},
		"github.com_x_y.F":          {"github.com/x/y", "github.com/x/y"},
		"type:.eq.github.com_x_y.T": {"(linker-made: type:)", stdGroup},
	} {
		if got := packageOf(name, pkgs); got != want {
			t.Errorf("packageOf(%q) = %v, want %v", name, got, want)
		}
	}
}
