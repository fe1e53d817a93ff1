package podhash

import (
	"hash"
	"reflect"
	"sync"

	"github.com/kubeplay/kubeplay/core/api"
)

// plan is the compiled walk of api.PodTemplateSpec over the layout.
type plan struct {
	root     encoder
	problems []string
}

var rootPlan = sync.OnceValue(func() *plan {
	pl := &planner{done: map[planKey]*encoder{}}
	root := pl.compile(reflect.TypeFor[api.PodTemplateSpec](), upstreamRoot(), "template")
	return &plan{root: root, problems: pl.problems}
})

// Dump appends to dst the bytes controller.ComputeHash feeds FNV-32a for
// template: dump.ForHash(*template) of the v1.PodTemplateSpec it stands for.
func Dump(dst []byte, template *api.PodTemplateSpec) []byte {
	p := printer{buf: dst}
	rootPlan().root(&p, reflect.ValueOf(template).Elem())
	return p.buf
}

// Problems lists the fields of Kubeplay's PodTemplateSpec tree that have no
// upstream counterpart of the same JSON name and kind. Dump leaves them out,
// which is right only for a field upstream would drop too; the tests
// require the list to be empty.
func Problems() []string { return rootPlan().problems }

// buffers recycles Sum32's dump buffers: a template's dump is some 10 KiB,
// most of it the zero values of fields Kubeplay does not model.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

// Write feeds h the dump of template, as DeepHashObject does.
func Write(h hash.Hash32, template *api.PodTemplateSpec) {
	b := buffers.Get().(*[]byte)
	*b = Dump((*b)[:0], template)
	h.Write(*b)
	buffers.Put(b)
}
