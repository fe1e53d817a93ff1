package strategicpatch

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Schema is the patch metadata of one Go type, as strategicpatch's
// PatchMetaFromStruct reads it from struct tags: for a struct, its JSON
// fields with their patch strategies and merge keys; for a map or a slice,
// the schema of its values. Pointers are followed. Build one with SchemaOf
// or SchemaFor; a Schema is immutable and safe to share.
type Schema struct {
	name   string       // the Go type's name, for errors ("PodSpec")
	kind   reflect.Kind // after following pointers
	fields []*Field     // struct fields in declaration order (embedded ones promoted)
	elem   *Schema      // map values, slice elements
}

// Field is one JSON field of a struct schema with its patch metadata: the
// patchStrategy and patchMergeKey struct tags of upstream's Go types.
type Field struct {
	Name       string   // the JSON name
	Strategies []string // patchStrategy split at commas: "merge", "replace", "retainKeys"
	MergeKey   string   // patchMergeKey
	Type       *Schema
	pointer    bool // declared as a pointer (a pointer field may hold a list)
}

// patchMeta is strategicpatch.PatchMeta.
type patchMeta struct {
	strategies []string
	mergeKey   string
}

// Name returns the Go type name the schema was built from.
func (s *Schema) Name() string { return s.name }

// Kind returns the reflect kind of the type, pointers followed.
func (s *Schema) Kind() reflect.Kind { return s.kind }

// Fields returns a struct schema's fields in declaration order. Callers
// must not modify them.
func (s *Schema) Fields() []*Field { return s.fields }

// Elem returns the schema of a map's values or a slice's elements.
func (s *Schema) Elem() *Schema { return s.elem }

// field finds a struct field by JSON name: an exact match, else the first
// case-insensitive one, as forkedjson.LookupPatchMetadataForStruct does.
func (s *Schema) field(name string) *Field {
	var fold *Field
	for _, f := range s.fields {
		if f.Name == name {
			return f
		}
		if fold == nil && strings.EqualFold(f.Name, name) {
			fold = f
		}
	}
	return fold
}

// lookupStruct models PatchMetaFromStruct.LookupPatchMetadataForStruct
// (forkedjson.LookupPatchMetadataForStruct): the schema of field key and its
// patch metadata. A map's "fields" are its values, with no metadata.
func (s *Schema) lookupStruct(key string) (*Schema, patchMeta, error) {
	switch s.kind {
	case reflect.Map:
		return s.elem, patchMeta{}, nil
	case reflect.Struct:
	default:
		return nil, patchMeta{}, fmt.Errorf("merging an object in json but data type is not map or struct, instead is: %s", s.kind)
	}
	f := s.field(key)
	if f == nil {
		return nil, patchMeta{}, fmt.Errorf("unable to find api field in struct %s for the json field %q", s.name, key)
	}
	return f.Type, patchMeta{strategies: f.Strategies, mergeKey: f.MergeKey}, nil
}

// lookupSlice models PatchMetaFromStruct.LookupPatchMetadataForSlice: the
// schema of the elements of list field key. A pointer to a struct counts as
// a list of that struct, as upstream.
func (s *Schema) lookupSlice(key string) (*Schema, patchMeta, error) {
	sub, meta, err := s.lookupStruct(key)
	if err != nil {
		return nil, patchMeta{}, err
	}
	pointer := false
	if s.kind == reflect.Struct {
		pointer = s.field(key).pointer
	}
	switch {
	case sub.kind == reflect.Slice || sub.kind == reflect.Array:
		if k := sub.elem.kind; k == reflect.Slice || k == reflect.Array {
			return nil, patchMeta{}, errors.New("unexpected slice of slice")
		}
		return sub.elem, meta, nil
	case pointer:
		return sub, meta, nil
	}
	return nil, patchMeta{}, fmt.Errorf("expected slice or array type, but got: %s", s.kind)
}

// extractRetainKeysPatchStrategy models upstream's function of that name:
// whether the strategies include retainKeys, and the other strategy.
func extractRetainKeysPatchStrategy(strategies []string) (bool, string, error) {
	switch len(strategies) {
	case 0:
		return false, "", nil
	case 1:
		if strategies[0] == retainKeysStrategy {
			return true, "", nil
		}
		return false, strategies[0], nil
	case 2:
		switch {
		case strategies[0] == retainKeysStrategy:
			return true, strategies[1], nil
		case strategies[1] == retainKeysStrategy:
			return true, strategies[0], nil
		}
	}
	return false, "", fmt.Errorf("unexpected patch strategy: %v", strategies)
}
