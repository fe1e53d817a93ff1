package podhash

import (
	"reflect"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// BenchmarkFirstUse is what the first hash of a session pays once: parsing
// layout.json (with every type's zero rendering) and compiling the walk
// of api.PodTemplateSpec.
func BenchmarkFirstUse(b *testing.B) {
	for b.Loop() {
		root := mustLoadLayout(layoutJSON)
		pl := &planner{done: map[planKey]*encoder{}}
		pl.compile(reflect.TypeFor[api.PodTemplateSpec](), root, "template")
	}
}
