package manifest

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// decoder decodes a node tree into a typed value through its json tags, as
// the API server does with fieldValidation=Strict (kubectl's default,
// --validate=strict):
//
//   - field names match case-sensitively (sigs.k8s.io/json, unlike
//     encoding/json);
//   - unknown and duplicate fields are collected and reported together as
//     `strict decoding error: unknown field "spec.replicaz", duplicate field
//     "spec.paused"`, with the path of each;
//   - a value of the wrong JSON type, or a number that does not fit, is
//     encoding/json's UnmarshalTypeError: `json: cannot unmarshal number 3.5
//     into Go struct field DeploymentSpec.spec.replicas of type int32`.
//     Like encoding/json the decoder remembers the first one and goes on,
//     and that error wins over strict-field errors, as upstream;
//   - types with UnmarshalJSON (IntOrString, Quantity, Time) get the JSON
//     text of their node, and their errors stop decoding, as upstream.
//
// Nothing is coerced: 3.5 never becomes 3 and 1.10 never becomes "1.1".
type decoder struct {
	doc, item     int
	kind, version string

	segs   []pathSeg // the path for people: spec.containers[0].image
	fields []string  // encoding/json's field stack: spec.containers.image
	strct  string    // the innermost struct type, for encoding/json's messages

	typeErr *Error
	strict  []*Error
}

type pathSeg struct {
	name  string
	index int // -1 for a named segment
}

// decode fills v from n and returns the error upstream would report.
func (d *decoder) decode(n *node, v reflect.Value) *Error {
	if err := d.value(n, v); err != nil {
		return err
	}
	if d.typeErr != nil {
		return d.typeErr
	}
	if len(d.strict) > 0 {
		first := *d.strict[0]
		parts := make([]string, len(d.strict))
		for i, e := range d.strict {
			parts[i] = strings.TrimPrefix(e.Msg, strictPrefix)
		}
		first.Msg = strictPrefix + strings.Join(parts, ", ")
		if len(d.strict) > 1 {
			first.More = d.strict[1:]
		}
		return &first
	}
	return nil
}

const strictPrefix = "strict decoding error: "

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	rawExtensionType    = reflect.TypeFor[rawExtension]()
)

// upstreamNames maps local stand-ins to the names of the upstream types
// they model, for messages.
var upstreamNames = map[reflect.Type]string{}

func structName(t reflect.Type) string {
	if s, ok := upstreamNames[t]; ok {
		return s
	}
	return t.Name()
}

// value decodes n into v. It returns only errors that stop decoding; type
// and strict-field errors are collected on d.
func (d *decoder) value(use *node, v reflect.Value) *Error {
	n := use.deref()
	if n.kind == scalarNode && n.scalar == nullScalar {
		// As encoding/json: null clears pointers, maps, slices and
		// interfaces, is passed to UnmarshalJSON, and leaves other
		// values alone.
		switch v.Kind() {
		case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Interface:
			v.SetZero()
			return nil
		}
		if v.CanAddr() && v.Addr().Type().Implements(jsonUnmarshalerType) {
			return d.unmarshalJSON(use, v)
		}
		return nil
	}
	if v.Type() == rawExtensionType {
		return nil
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	if v.CanAddr() {
		pt := v.Addr().Type()
		if pt.Implements(jsonUnmarshalerType) {
			return d.unmarshalJSON(use, v)
		}
		if pt.Implements(textUnmarshalerType) {
			return d.unmarshalText(use, v)
		}
	}
	switch v.Kind() {
	case reflect.Struct:
		return d.object(use, v)
	case reflect.Map:
		return d.mapping(use, v)
	case reflect.Slice:
		return d.slice(use, v)
	case reflect.String:
		if n.kind == scalarNode && n.scalar == strScalar {
			v.SetString(n.text)
			return nil
		}
	case reflect.Bool:
		if n.kind == scalarNode && n.scalar == boolScalar {
			v.SetBool(n.text == "true")
			return nil
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if n.kind == scalarNode && n.scalar == numScalar {
			i, err := strconv.ParseInt(n.text, 10, 64)
			if err != nil || v.OverflowInt(i) {
				d.typeError(use, "number "+n.text, v.Type())
				return nil
			}
			v.SetInt(i)
			return nil
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if n.kind == scalarNode && n.scalar == numScalar {
			u, err := strconv.ParseUint(n.text, 10, 64)
			if err != nil || v.OverflowUint(u) {
				d.typeError(use, "number "+n.text, v.Type())
				return nil
			}
			v.SetUint(u)
			return nil
		}
	case reflect.Float32, reflect.Float64:
		if n.kind == scalarNode && n.scalar == numScalar {
			f, err := strconv.ParseFloat(n.text, v.Type().Bits())
			if err != nil || v.OverflowFloat(f) {
				d.typeError(use, "number "+n.text, v.Type())
				return nil
			}
			v.SetFloat(f)
			return nil
		}
	case reflect.Interface:
		if v.NumMethod() == 0 {
			v.Set(reflect.ValueOf(generic(n)))
			return nil
		}
	}
	d.typeError(use, n.jsonType(), v.Type())
	return nil
}

// object decodes a mapping into a struct, field by field.
func (d *decoder) object(use *node, v reflect.Value) *Error {
	n := use.deref()
	if n.kind != mapNode {
		d.typeError(use, n.jsonType(), v.Type())
		return nil
	}
	fields := fieldsOf(v.Type())
	outer := d.strct
	d.strct = structName(v.Type())
	defer func() { d.strct = outer }()
	seen := make(map[string]bool, len(n.entries))
	for _, e := range n.entries {
		d.segs = append(d.segs, pathSeg{name: e.key, index: -1})
		f := fields.byName[e.key]
		switch {
		case f == nil:
			d.strictError(e, ClassUnknownField, "unknown field")
		case seen[e.key]:
			d.strictError(e, ClassDuplicateField, "duplicate field")
		default:
			seen[e.key] = true
			d.fields = append(d.fields, e.key)
			err := d.value(e.val, fieldByIndex(v, f.index))
			d.fields = d.fields[:len(d.fields)-1]
			if err != nil {
				return err
			}
		}
		d.segs = d.segs[:len(d.segs)-1]
	}
	return nil
}

// mapping decodes a mapping into a Go map with string-like keys (labels,
// resource lists). Map keys appear in the path for people but not in
// encoding/json's field stack, as upstream.
func (d *decoder) mapping(use *node, v reflect.Value) *Error {
	n := use.deref()
	t := v.Type()
	if n.kind != mapNode || t.Key().Kind() != reflect.String {
		d.typeError(use, n.jsonType(), t)
		return nil
	}
	if v.IsNil() {
		v.Set(reflect.MakeMapWithSize(t, len(n.entries)))
	}
	seen := make(map[string]bool, len(n.entries))
	for _, e := range n.entries {
		d.segs = append(d.segs, pathSeg{name: e.key, index: -1})
		if seen[e.key] {
			d.strictError(e, ClassDuplicateField, "duplicate field")
			d.segs = d.segs[:len(d.segs)-1]
			continue
		}
		seen[e.key] = true
		elem := reflect.New(t.Elem()).Elem()
		if err := d.value(e.val, elem); err != nil {
			return err
		}
		key := reflect.New(t.Key()).Elem()
		key.SetString(e.key)
		v.SetMapIndex(key, elem)
		d.segs = d.segs[:len(d.segs)-1]
	}
	return nil
}

// slice decodes a sequence into a slice; an empty sequence gives an empty,
// non-nil slice, as encoding/json does.
func (d *decoder) slice(use *node, v reflect.Value) *Error {
	n := use.deref()
	if v.Type().Elem().Kind() == reflect.Uint8 {
		return d.bytes(use, v)
	}
	if n.kind != seqNode {
		d.typeError(use, n.jsonType(), v.Type())
		return nil
	}
	s := reflect.MakeSlice(v.Type(), len(n.items), len(n.items))
	for i, item := range n.items {
		d.segs = append(d.segs, pathSeg{index: i})
		err := d.value(item, s.Index(i))
		d.segs = d.segs[:len(d.segs)-1]
		if err != nil {
			return err
		}
	}
	v.Set(s)
	return nil
}

// bytes decodes a []byte (a Secret's data, a ConfigMap's binaryData) as
// encoding/json does: from a base64 string (standard alphabet, padded,
// line breaks ignored), whose corruption is reported as
// base64.CorruptInputError says it ("illegal base64 data at input byte 3").
func (d *decoder) bytes(use *node, v reflect.Value) *Error {
	n := use.deref()
	if n.kind != scalarNode || n.scalar != strScalar {
		d.typeError(use, n.jsonType(), v.Type())
		return nil
	}
	b, err := base64.StdEncoding.DecodeString(n.text)
	if err != nil {
		return d.errorAt(use, ClassValue, err.Error())
	}
	v.SetBytes(b)
	return nil
}

// unmarshalJSON hands a custom type the JSON text of its node. A type
// error from inside gets the struct and field context encoding/json's
// addErrorContext would give it.
func (d *decoder) unmarshalJSON(use *node, v reflect.Value) *Error {
	u := v.Addr().Interface().(json.Unmarshaler)
	err := u.UnmarshalJSON(appendJSON(nil, use.deref()))
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := strings.Join(d.fields, ".")
		if te.Field != "" {
			field += "." + te.Field
		}
		return d.errorAt(use, ClassType, d.typeMessage(te.Value, field, te.Type))
	}
	return d.errorAt(use, ClassValue, err.Error())
}

// unmarshalText handles encoding.TextUnmarshaler types, which take JSON
// strings only.
func (d *decoder) unmarshalText(use *node, v reflect.Value) *Error {
	n := use.deref()
	if n.kind != scalarNode || n.scalar != strScalar {
		d.typeError(use, n.jsonType(), v.Type())
		return nil
	}
	if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(n.text)); err != nil {
		return d.errorAt(use, ClassValue, err.Error())
	}
	return nil
}

// typeError records encoding/json's UnmarshalTypeError for the value at
// use; only the first one is kept, as encoding/json keeps it.
func (d *decoder) typeError(use *node, value string, t reflect.Type) {
	if d.typeErr == nil {
		d.typeErr = d.errorAt(use, ClassType, d.typeMessage(value, strings.Join(d.fields, "."), t))
	}
}

func (d *decoder) typeMessage(value, field string, t reflect.Type) string {
	if d.strct == "" && field == "" {
		return fmt.Sprintf("json: cannot unmarshal %s into Go value of type %s", value, typeName(t))
	}
	return fmt.Sprintf("json: cannot unmarshal %s into Go struct field %s.%s of type %s", value, d.strct, field, typeName(t))
}

// strictError records an unknown or duplicate field at entry e, whose key
// is the last path segment.
func (d *decoder) strictError(e entry, class Class, what string) {
	err := &Error{Class: class, Doc: d.doc, Item: d.item, Line: e.line, Column: e.col,
		Path: d.path(), Kind: d.kind, Version: d.version}
	err.Msg = fmt.Sprintf("%s%s %q", strictPrefix, what, err.Path)
	d.strict = append(d.strict, err)
}

func (d *decoder) errorAt(use *node, class Class, msg string) *Error {
	return &Error{Class: class, Doc: d.doc, Item: d.item, Line: use.line, Column: use.col,
		Path: d.path(), Kind: d.kind, Version: d.version, Msg: msg}
}

// path renders the segments as the API server does in strict errors.
func (d *decoder) path() string {
	var b strings.Builder
	for _, s := range d.segs {
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.name)
	}
	return b.String()
}

// typeName spells a Go type as upstream's messages do: the API types live
// in packages named v1 there (core/v1, apps/v1, meta/v1), and IntOrString
// in intstr.
func typeName(t reflect.Type) string {
	s := strings.ReplaceAll(t.String(), "api.IntOrString", "intstr.IntOrString")
	s = strings.ReplaceAll(s, "manifest.rawExtension", "runtime.RawExtension")
	return qualifyAPIPackage(s)
}

// generic converts a node to the value encoding/json would store in an
// interface{}: maps, slices, float64, string, bool or nil.
func generic(n *node) any {
	n = n.deref()
	switch n.kind {
	case mapNode:
		m := make(map[string]any, len(n.entries))
		for _, e := range n.entries {
			m[e.key] = generic(e.val)
		}
		return m
	case seqNode:
		s := make([]any, len(n.items))
		for i, item := range n.items {
			s[i] = generic(item)
		}
		return s
	}
	switch n.scalar {
	case strScalar:
		return n.text
	case numScalar:
		f, _ := strconv.ParseFloat(n.text, 64)
		return f
	case boolScalar:
		return n.text == "true"
	}
	return nil
}
