package podhash

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// A Kubeplay field without an upstream counterpart (by JSON name, or of
// another kind) must be reported, never silently left out of the hash.
func TestPlannerReportsFieldsUpstreamLacks(t *testing.T) {
	type spec struct {
		Containers  []api.Container `json:"containers"`
		Bogus       string          `json:"bogus"`
		HostNetwork string          `json:"hostNetwork"`
	}
	type template struct {
		api.ObjectMeta `json:"metadata"`
		Spec           spec `json:"spec"`
	}
	pl := &planner{done: map[planKey]*encoder{}}
	pl.compile(reflect.TypeFor[template](), upstreamRoot(), "template")
	got := strings.Join(pl.problems, "\n")
	for _, want := range []string{
		"template.spec.hostNetwork: Kubeplay's string is of kind string, upstream's bool of kind bool",
		"template.spec.bogus: Kubeplay's podhash.spec has it, upstream v1.PodSpec has no field with that JSON name",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems\n%s\nlack %q", got, want)
		}
	}
	if len(pl.problems) != 2 {
		t.Errorf("%d problems, want 2:\n%s", len(pl.problems), got)
	}
}

// Spew's quirk: a nil pointer printed without annotation (a slice element)
// leaves ignoreNextType set, so the next value loses its annotation too.
func TestPrinterKeepsSpewsIgnoreFlagAfterNilPointer(t *testing.T) {
	ptr := &utype{kind: kPtr, header: "(*int32)"}
	i32 := &utype{kind: kInt, header: "(int32)"}
	p := printer{ignore: true}
	p.nilPtr(ptr)
	p.int(i32, 5)
	if got := string(p.buf); got != "<nil>5" {
		t.Errorf("got %q, want %q", got, "<nil>5")
	}
	p = printer{}
	p.nilPtr(ptr)
	p.int(i32, 5)
	if got := string(p.buf); got != "(*int32)<nil>(int32)5" {
		t.Errorf("got %q", got)
	}
}
