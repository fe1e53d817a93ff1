package field

import (
	"errors"
	"fmt"
	"testing"
)

func TestPathString(t *testing.T) {
	tests := []struct {
		path *Path
		want string
	}{
		{NewPath("spec"), "spec"},
		{NewPath("spec", "template", "spec"), "spec.template.spec"},
		{NewPath("spec").Child("template", "spec").Child("containers").Index(0).Child("image"), "spec.template.spec.containers[0].image"},
		{NewPath("metadata").Child("labels").Key("app"), "metadata.labels[app]"},
		{NewPath("metadata", "annotations").Key("example.com/x"), "metadata.annotations[example.com/x]"},
		{NewPath("a").Index(1).Index(2), "a[1][2]"},
		{NewPath("a").Key("k").Child("b"), "a[k].b"},
		{NewPath(""), "[]"}, // upstream prints an empty root as a subscript
		{nil, "<nil>"},
	}
	for _, tt := range tests {
		if got := tt.path.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestPathChildDoesNotAlias(t *testing.T) {
	base := NewPath("spec")
	a, b := base.Child("a"), base.Child("b")
	if a.String() != "spec.a" || b.String() != "spec.b" || base.String() != "spec" {
		t.Fatalf("children alias: %s %s %s", a, b, base)
	}
	if r := a.Root(); r != base {
		t.Fatalf("Root = %v, want the base path", r)
	}
}

type stringerOnly struct{ C chan int }

func (stringerOnly) String() string { return "from String()" }

type marshalsViaMethod struct{ n int }

func (m marshalsViaMethod) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"m%d"`, m.n)), nil
}

type untagged struct {
	Type  string
	Inner *untagged
}

type myString string

func TestErrorRendering(t *testing.T) {
	p := NewPath("spec", "x")
	n := int32(7)
	var nilPtr *int32
	tests := []struct {
		err  *Error
		want string
	}{
		// The canonical example: a map is printed as JSON since v1.34.
		{Invalid(NewPath("spec", "template", "metadata", "labels"), map[string]string{"app": "x"}, "`selector` does not match template `labels`"),
			"spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`"},
		{Invalid(p, map[string]string{"b": "2", "a": "1"}, "d"), `spec.x: Invalid value: {"a":"1","b":"2"}: d`},
		{Invalid(p, "abc", "bad"), `spec.x: Invalid value: "abc": bad`},
		{Invalid(p, "", "bad"), `spec.x: Invalid value: "": bad`},
		{Invalid(p, `a"b`, "bad"), `spec.x: Invalid value: "a\"b": bad`},
		{Invalid(p, int32(-1), "must be greater than or equal to 0"), "spec.x: Invalid value: -1: must be greater than or equal to 0"},
		{Invalid(p, int64(5), "d"), "spec.x: Invalid value: 5: d"},
		{Invalid(p, 12, "d"), "spec.x: Invalid value: 12: d"},
		{Invalid(p, true, "d"), "spec.x: Invalid value: true: d"},
		{Invalid(p, 1.5, "d"), "spec.x: Invalid value: 1.5: d"},
		{Invalid(p, &n, "d"), "spec.x: Invalid value: 7: d"},
		{Invalid(p, nilPtr, "d"), "spec.x: Invalid value: null: d"},
		{Invalid(p, nil, "d"), "spec.x: Invalid value: null: d"},
		{Invalid(p, myString("Foo"), "d"), `spec.x: Invalid value: "Foo": d`},
		{Invalid(p, myString("<&>"), "d"), `spec.x: Invalid value: "\u003c\u0026\u003e": d`},
		{Invalid(p, []string{"a", "b"}, "d"), `spec.x: Invalid value: ["a","b"]: d`},
		{Invalid(p, untagged{Type: "Foo"}, "d"), `spec.x: Invalid value: {"Type":"Foo","Inner":null}: d`},
		{Invalid(p, marshalsViaMethod{3}, "d"), `spec.x: Invalid value: "m3": d`},
		{Invalid(p, stringerOnly{}, "d"), "spec.x: Invalid value: from String(): d"},
		{Invalid(p, "v", ""), `spec.x: Invalid value: "v"`},
		{Required(p, ""), "spec.x: Required value"},
		{Required(NewPath("metadata", "name"), "name or generateName is required"), "metadata.name: Required value: name or generateName is required"},
		{Forbidden(p, "may not be specified when strategy `type` is 'Recreate'"), "spec.x: Forbidden: may not be specified when strategy `type` is 'Recreate'"},
		{Duplicate(p, "web"), `spec.x: Duplicate value: "web"`},
		{Duplicate(p, int32(30080)), `spec.x: Duplicate value: 30080`},
		{NotFound(p, "nope"), `spec.x: Not found: "nope"`},
		{NotSupported(p, myString("Sometimes"), []string{"Always", "OnFailure", "Never"}),
			`spec.x: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"`},
		{NotSupported(p, "x", []myString{"A"}), `spec.x: Unsupported value: "x": supported values: "A"`},
		{NotSupported[string](p, "x", nil), `spec.x: Unsupported value: "x"`},
		{TooLong(NewPath("metadata", "annotations"), "", 262144), "metadata.annotations: Too long: may not be more than 262144 bytes"},
		{TooLong(p, "", 1), "spec.x: Too long: may not be more than 1 byte"},
		{TooLong(p, "", -1), "spec.x: Too long: value is too long"},
		{tooLongCharacters(p, "", 63), "spec.x: Too long: may not be more than 63 characters"},
		{TooMany(p, 5, 3), "spec.x: Too many: 5: must have at most 3 items"},
		{TooMany(p, 2, 1), "spec.x: Too many: 2: must have at most 1 item"},
		{TooMany(p, -1, -1), "spec.x: Too many: has too many items"},
		{tooFew(p, 0, 1), "spec.x: Too few: 0: must have at least 1 item"},
		{tooShort(p, "ab", 3), "spec.x: Too short: must be at least 3 characters"},
		{InternalError(p, errors.New("boom")), "spec.x: Internal error: boom"},
		{typeInvalid(p, "s", "expected int"), `spec.x: Invalid value: "s": expected int`},
		{&Error{Type: "Weird", Field: "f"}, `f: Internal error: unhandled error code: <unknown error "Weird">: please report this`},
	}
	for i, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%d: got\n  %s\nwant\n  %s", i, got, tt.want)
		}
	}
}

func TestRenderFallsBackToGoSyntax(t *testing.T) {
	// A channel cannot be marshalled and has no String(): %#v it is.
	ch := make(chan int)
	got := Invalid(NewPath("f"), ch, "d").Error()
	want := fmt.Sprintf("f: Invalid value: %#v: d", ch)
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestErrorTypeStrings(t *testing.T) {
	for typ, want := range map[ErrorType]string{
		ErrorTypeNotFound: "Not found", ErrorTypeRequired: "Required value", ErrorTypeDuplicate: "Duplicate value",
		ErrorTypeInvalid: "Invalid value", ErrorTypeNotSupported: "Unsupported value", ErrorTypeForbidden: "Forbidden",
		ErrorTypeTooLong: "Too long", ErrorTypeTooMany: "Too many", ErrorTypeTooFew: "Too few",
		ErrorTypeInternal: "Internal error", ErrorTypeTypeInvalid: "Invalid value", ErrorTypeTooShort: "Too short",
		ErrorType("X"): `<unknown error "X">`,
	} {
		if got := typ.String(); got != want {
			t.Errorf("%s: got %q, want %q", string(typ), got, want)
		}
	}
}

func TestToAggregate(t *testing.T) {
	if agg := (ErrorList{}).ToAggregate(); agg != nil {
		t.Fatalf("empty list: got %v, want nil", agg)
	}
	a := Required(NewPath("a"), "")
	b := Invalid(NewPath("b"), 1, "bad")
	one := ErrorList{a}.ToAggregate()
	if got := one.Error(); got != "a: Required value" {
		t.Errorf("one error: got %q", got)
	}
	two := ErrorList{a, b}.ToAggregate()
	if got := two.Error(); got != "[a: Required value, b: Invalid value: 1: bad]" {
		t.Errorf("two errors: got %q", got)
	}
	dup := ErrorList{a, b, Required(NewPath("a"), "")}.ToAggregate()
	if got := dup.Error(); got != "[a: Required value, b: Invalid value: 1: bad]" {
		t.Errorf("duplicate text not dropped: got %q", got)
	}
	if n := len(dup.Errors()); n != 2 {
		t.Errorf("Errors() kept %d, want 2", n)
	}
	same := ErrorList{a, Required(NewPath("a"), "")}.ToAggregate()
	if got := same.Error(); got != "a: Required value" {
		t.Errorf("all-duplicate list: got %q", got)
	}
}

func TestNewAggregate(t *testing.T) {
	if NewAggregate(nil) != nil || NewAggregate([]error{nil}) != nil {
		t.Fatal("want nil for no errors")
	}
	e := errors.New("x")
	if got := NewAggregate([]error{e, e}).Error(); got != "x" {
		t.Errorf("repeated texts print once: got %q", got)
	}
}

func TestFilter(t *testing.T) {
	list := ErrorList{Required(NewPath("a"), ""), Invalid(NewPath("b"), 1, "x")}
	got := list.filter(newErrorTypeMatcher(ErrorTypeRequired))
	if len(got) != 1 || got[0].Field != "b" {
		t.Fatalf("Filter kept %v", got)
	}
}
