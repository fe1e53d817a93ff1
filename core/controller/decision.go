package controller

import (
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Decision records one thing a controller decided and why: the inputs it read,
// the formula it applied, the result, and the upstream function it models.
// The UI's "Why?" pane, the runner's --explain output and tests all read these
// records, so they are data, not log lines.
type Decision struct {
	Tick       int64   `json:"tick"`
	Controller string  `json:"controller"`
	Object     string  `json:"object"`   // "deployment/web" style, namespaced as "default/web" where needed
	Upstream   string  `json:"upstream"` // the upstream function modelled, e.g. "NewRSNewReplicas"
	Inputs     []Input `json:"inputs,omitempty"`
	Formula    string  `json:"formula,omitempty"`
	Result     string  `json:"result"`
	// Message is the plain sentence a learner reads first, in the page's
	// language; the formula and result above stay the arithmetic.
	Message *Message `json:"say,omitempty"`
}

// Input is one named value a decision read.
type Input struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// String renders the one-line human sentence:
// "NewRSNewReplicas: maxTotal = 4+1 = 5; current = 4 → scale new RS web-6b7f 0 → 1".
func (d Decision) String() string {
	var b strings.Builder
	b.WriteString(d.Upstream)
	b.WriteString(": ")
	if d.Formula != "" {
		b.WriteString(d.Formula)
		b.WriteString(" → ")
	}
	b.WriteString(d.Result)
	return b.String()
}

// Decisions collects the records of one reconcile.
type Decisions struct {
	Controller string
	Object     string
	list       []Decision
}

// Add appends a decision about the current object and returns it, for Say.
func (ds *Decisions) Add(upstream, formula, result string, inputs ...Input) *Decision {
	ds.list = append(ds.list, Decision{
		Controller: ds.Controller, Object: ds.Object,
		Upstream: upstream, Formula: formula, Result: result, Inputs: inputs,
	})
	return &ds.list[len(ds.list)-1]
}

// AddAbout appends a decision about another object than the current one:
// a controller whose work queue key is a pass ("monitorNodeHealth", "gc")
// names the node or pod each record is about.
func (ds *Decisions) AddAbout(object, upstream, formula, result string, inputs ...Input) *Decision {
	saved := ds.Object
	ds.Object = object
	d := ds.Add(upstream, formula, result, inputs...)
	ds.Object = saved
	return d
}

// List returns the records collected so far.
func (ds *Decisions) List() []Decision { return ds.list }

// FormatTaints spells taints for a decision's formula: "key:Effect,...",
// or "none".
func FormatTaints(ts []api.Taint) string {
	if len(ts) == 0 {
		return "none"
	}
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.Key + ":" + string(t.Effect)
	}
	return strings.Join(parts, ",")
}
