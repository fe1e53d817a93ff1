package controller

import (
	"encoding/json"
	"time"
)

// Message is a decision's plain sentence as data: a key into the decision
// catalogs (assets/i18n/LANG/why.json) and the values of its placeholders.
// The words live in the catalogs, one per language, so the core stays the
// same whatever language the page speaks, and a new language is a catalog.
type Message struct {
	Key  string `json:"key"`
	Args []Arg  `json:"args,omitempty"`
}

// ArgKind says how the page shows an argument: a name in code type, a count
// formatted as the language writes numbers, a duration as Go spells it, or
// the verbatim text of an upstream message (English, as the API server and
// kubectl print it).
type ArgKind string

const (
	ArgName     ArgKind = "name"
	ArgCount    ArgKind = "count"
	ArgDuration ArgKind = "duration"
	ArgText     ArgKind = "text"
)

// Arg is one placeholder's value.
type Arg struct {
	Name  string
	Kind  ArgKind
	Value string // the name, the duration or the text
	Count int64  // for ArgCount
}

// Name is an object's or a field's name, a reason or a condition type.
func Name(placeholder, value string) Arg {
	return Arg{Name: placeholder, Kind: ArgName, Value: value}
}

// Count is a number of things (replicas, pods, seconds of a setting).
func Count[N ~int | ~int32 | ~int64](placeholder string, n N) Arg {
	return Arg{Name: placeholder, Kind: ArgCount, Count: int64(n)}
}

// Duration is a span of time, spelled as Go and the controllers' logs do.
func Duration(placeholder string, d time.Duration) Arg {
	return Arg{Name: placeholder, Kind: ArgDuration, Value: d.String()}
}

// Text is an upstream message quoted verbatim.
func Text(placeholder, s string) Arg {
	return Arg{Name: placeholder, Kind: ArgText, Value: s}
}

// MarshalJSON writes {"name":"to","kind":"count","value":3}: a count is
// a JSON number, so the page formats it for the language.
func (a Arg) MarshalJSON() ([]byte, error) {
	var v any = a.Value
	if a.Kind == ArgCount {
		v = a.Count
	}
	return json.Marshal(struct {
		Name  string  `json:"name"`
		Kind  ArgKind `json:"kind"`
		Value any     `json:"value"`
	}{a.Name, a.Kind, v})
}

// Msg is a plain sentence chosen before the decision is recorded, for
// SayMessage: a switch that picks one of several keys.
func Msg(key string, args ...Arg) *Message {
	return &Message{Key: key, Args: args}
}

// SayMessage sets the decision's plain sentence to m.
func (d *Decision) SayMessage(m *Message) {
	if d != nil {
		d.Message = m
	}
}

// Say sets the decision's plain sentence. It is called on the record Add
// has just appended: ds.Add(...).Say("deployment.scaleUp", Name("rs", n)).
// A nil decision (a helper that recorded nothing) says nothing.
func (d *Decision) Say(key string, args ...Arg) {
	if d == nil {
		return
	}
	d.Message = &Message{Key: key, Args: args}
}
