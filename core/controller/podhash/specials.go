package podhash

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// special is an upstream type whose Go shape Kubeplay does not copy: its
// fields are unexported or its representation differs, so the value is
// rebuilt as upstream holds it.
type special struct {
	ours    reflect.Type
	encoder func(theirs *utype) encoder
}

var specials = map[string]special{
	"k8s.io/apimachinery/pkg/api/resource.Quantity": {reflect.TypeFor[resource.Quantity](), func(t *utype) encoder {
		return func(p *printer, v reflect.Value) { p.quantity(t, v.Interface().(resource.Quantity).String()) }
	}},
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": {reflect.TypeFor[api.IntOrString](), func(t *utype) encoder {
		// By field, not v.Interface(), which would allocate a copy.
		isString, intVal, strVal := intOrStringField("IsString"), intOrStringField("IntVal"), intOrStringField("StrVal")
		return func(p *printer, v reflect.Value) {
			p.intOrString(t, v.Field(isString).Bool(), v.Field(intVal).Int(), v.Field(strVal).String())
		}
	}},
	"k8s.io/apimachinery/pkg/apis/meta/v1.Time": {reflect.TypeFor[api.Time](), func(t *utype) encoder {
		return func(p *printer, v reflect.Value) { p.val(t, upstreamTime(v.Interface().(api.Time))) }
	}},
}

// unixToInternal is time's offset from its internal epoch (January 1, year
// 1) to the Unix epoch, in seconds.
const unixToInternal = 62135596800

// upstreamTime is a metav1.Time after protobuf: zero stays time.Time{};
// anything else is Time.Unmarshal's time.Unix(seconds, 0).Local(), whose
// wall is 0 (no monotonic reading, no nanoseconds), ext the seconds since
// year 1, and loc &time.localLoc. That Location's contents are the process's
// local zone. Kubeplay assumes kube-controller-manager's container sets no
// TZ and has no /etc/localtime, where Go's initLocal leaves only the name
// "UTC" (the generator runs with TZ= to match); a cluster whose controller
// manager has a local zone hashes such a template differently.
func upstreamTime(t api.Time) *val {
	if t.IsZero() {
		return nil
	}
	return &val{fields: map[string]*val{"Time": {fields: map[string]*val{
		"wall": {u: 0},
		"ext":  {i: t.Unix() + unixToInternal},
		"loc":  {fields: map[string]*val{"name": {s: "UTC"}}},
	}}}}
}

// quantities caches the rendering of quantities by their stored string, as
// printed without annotation (a map value or pointee, where quantities sit):
// templates repeat a handful of spellings, and building the inf.Dec or
// int64Amount value for each lookup would dominate Dump's allocations.
var quantities struct {
	sync.Map // wire string -> string
	n        atomic.Int32
}

// maxCachedQuantities bounds the cache; spellings past it are rendered
// every time.
const maxCachedQuantities = 4096

func (p *printer) quantity(t *utype, wire string) {
	if !p.ignore {
		p.val(t, upstreamQuantity(wire))
		return
	}
	if r, ok := quantities.Load(wire); ok {
		p.buf = append(p.buf, r.(string)...)
		p.ignore = false
		return
	}
	start := len(p.buf)
	p.val(t, upstreamQuantity(wire))
	if quantities.n.Load() < maxCachedQuantities {
		if _, loaded := quantities.LoadOrStore(wire, string(p.buf[start:])); !loaded {
			quantities.n.Add(1)
		}
	}
}

// intOrString prints upstream's IntOrString{Type, IntVal, StrVal} by the
// layout's field order; probes and hooks carry several per container, so it
// builds no val.
func (p *printer) intOrString(t *utype, isString bool, intVal int64, strVal string) {
	p.header(t)
	p.buf = append(p.buf, '{')
	for i, f := range t.fields {
		p.fieldName(i, f.name)
		switch f.name {
		case "Type":
			kind := int64(0) // intstr.Int
			if isString {
				kind = 1 // intstr.String
			}
			p.int(f.typ, kind)
		case "IntVal":
			p.int(f.typ, intVal)
		case "StrVal":
			p.str(f.typ, strVal)
		default:
			p.zero(f.typ)
		}
	}
	p.buf = append(p.buf, '}')
}

func intOrStringField(name string) int {
	f, ok := reflect.TypeFor[api.IntOrString]().FieldByName(name)
	if !ok {
		panic("podhash: api.IntOrString has no field " + name)
	}
	return f.Index[0]
}
