package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/controller"
)

// View is everything the page draws for one tick: plain structs with JSON
// tags, built from the cluster's informer caches. A View is immutable once
// built; views of neighbouring ticks share the Pod values that did not
// change, which is what lets the history keep hundreds of them.
//
// Every field is a pure function of (scenario, seed, log, tick): the same
// session replayed from scratch gives the same JSON bytes.
type View struct {
	// Tick is the tick this view shows; Head is the latest tick the
	// session has reached (Tick < Head while looking at the past).
	Tick int64 `json:"tick"`
	Head int64 `json:"head"`
	// Time is the virtual time at Tick, RFC 3339.
	Time string `json:"time"`
	Seed uint64 `json:"seed"`
	// Live is Tick == Head: commands extend the timeline. Otherwise a
	// command that changes the cluster discards ticks Tick+1..Head.
	Live bool `json:"live"`

	Deployments []*Deployment `json:"deployments"`
	// ReplicaSets are those no Deployment owns (a Deployment's are in its
	// card).
	ReplicaSets []*ReplicaSet `json:"replicaSets"`
	// Pods are every pod, sorted by namespace and name (as their keys,
	// "namespace/name", sort); Owner names the ReplicaSet that controls a
	// pod.
	Pods      []*Pod      `json:"pods"`
	Nodes     []*Node     `json:"nodes"`
	Services  []*Service  `json:"services"`
	Events    []*Event    `json:"events"`
	Decisions []*Decision `json:"decisions"`
	// DecisionsOmitted counts the decisions of the tick left out of
	// Decisions to keep the view small.
	DecisionsOmitted int    `json:"decisionsOmitted,omitempty"`
	Chart            *Chart `json:"chart"`
	// Counts summarises the pods by drawing state, for the status line.
	Counts map[string]int `json:"counts"`
	// ControllerManager is the kube-controller-manager process's state.
	ControllerManager *ControllerManager `json:"controllerManager"`
}

// Deployment is one Deployment card.
type Deployment struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	// Replicas is spec.replicas; the rest are status counts.
	Replicas    int32 `json:"replicas"`
	Current     int32 `json:"current"`
	Updated     int32 `json:"updated"`
	Ready       int32 `json:"ready"`
	Available   int32 `json:"available"`
	Unavailable int32 `json:"unavailable"`
	Terminating int32 `json:"terminating"`
	// Strategy is "RollingUpdate" or "Recreate"; MaxSurge and
	// MaxUnavailable are as written (or defaulted) for RollingUpdate.
	Strategy        string `json:"strategy"`
	MaxSurge        string `json:"maxSurge,omitempty"`
	MaxUnavailable  string `json:"maxUnavailable,omitempty"`
	StrategySummary string `json:"strategySummary"`
	MinReadySeconds int32  `json:"minReadySeconds,omitempty"`
	Paused          bool   `json:"paused"`
	// Revision is the deployment.kubernetes.io/revision annotation.
	Revision           string   `json:"revision"`
	Generation         int64    `json:"generation"`
	ObservedGeneration int64    `json:"observedGeneration"`
	Selector           string   `json:"selector"`
	Images             []string `json:"images"`
	// Uses are the ConfigMaps, Secrets and claims its Pod template names.
	Uses       []*Use       `json:"uses,omitempty"`
	Conditions []*Condition `json:"conditions"`
	// Rollout is kubectl rollout status's one-line verdict.
	Rollout     string        `json:"rollout"`
	ReplicaSets []*ReplicaSet `json:"replicaSets"`

	json []byte // the encoding, made once (see Pod)
}

// Condition is one status condition, with its times as ticks as well.
type Condition struct {
	Type           string `json:"type"`
	Status         string `json:"status"`
	Reason         string `json:"reason,omitempty"`
	Message        string `json:"message,omitempty"`
	LastUpdate     string `json:"lastUpdate,omitempty"`
	LastUpdateTick int64  `json:"lastUpdateTick"`
	LastTransition string `json:"lastTransition,omitempty"`
}

// ReplicaSet is one row under a Deployment card.
type ReplicaSet struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	// Deployment is the owning Deployment's name ("" when none).
	Deployment string `json:"deployment,omitempty"`
	Revision   string `json:"revision"`
	Hash       string `json:"hash"`
	// Desired is spec.replicas; Current, Ready and Available are status.
	Desired     int32    `json:"desired"`
	Current     int32    `json:"current"`
	Ready       int32    `json:"ready"`
	Available   int32    `json:"available"`
	Terminating int32    `json:"terminating"`
	New         bool     `json:"new"`
	Images      []string `json:"images"`
	// Conditions are the ReplicaSet's (ReplicaFailure, when pods cannot be
	// created).
	Conditions []*Condition `json:"conditions,omitempty"`
}

// Pod states: how the page colours a pod. Decided here, so the page only
// maps a state to a colour, a shape and a word.
const (
	StateReady       = "ready"       // Running and Ready
	StateNotReady    = "notready"    // Running, not (yet) Ready
	StatePending     = "pending"     // not scheduled, pulling, creating
	StateTerminating = "terminating" // being deleted
	StateFailed      = "failed"      // ErrImagePull, CrashLoopBackOff, Error...
	StateSucceeded   = "succeeded"   // Completed
	StateUnknown     = "unknown"     // node lost
)

// Pod is one pod square.
type Pod struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	// Owner is the controlling ReplicaSet's name ("" for a bare pod).
	Owner string `json:"owner,omitempty"`
	Node  string `json:"node,omitempty"`
	Phase string `json:"phase"`
	// Ready is the Ready condition; ReadyText kubectl's READY column.
	Ready     bool   `json:"ready,omitempty"`
	ReadyText string `json:"readyText"`
	// Status is kubectl get pods' STATUS column (printers.PodSummary).
	Status      string `json:"status"`
	Restarts    int32  `json:"restarts,omitempty"`
	Terminating bool   `json:"terminating,omitempty"`
	IP          string `json:"ip,omitempty"`
	Hash        string `json:"hash,omitempty"`
	// State is the drawing state, one of the State constants.
	State string `json:"state"`

	// json is the pod's encoding, made once: pods that did not change are
	// shared between views, and so is their JSON.
	json []byte
}

// Node is one node of the nodes tab.
type Node struct {
	Name string `json:"name"`
	// Ready is the Ready condition's status: True, False or Unknown.
	Ready string `json:"ready"`
	// Status is kubectl get nodes' STATUS ("Ready,SchedulingDisabled").
	Status   string   `json:"status"`
	Cordoned bool     `json:"cordoned"`
	Taints   []string `json:"taints"`
	Pods     int      `json:"pods"`
	// PodCapacity is status.allocatable.pods.
	PodCapacity string `json:"podCapacity,omitempty"`
	CPU         string `json:"cpu,omitempty"`
	Memory      string `json:"memory,omitempty"`
	PodCIDR     string `json:"podCIDR,omitempty"`

	json []byte // the encoding, made once (see Pod)
}

// Service is one Service and its endpoints.
type Service struct {
	Name      string      `json:"name"`
	Namespace string      `json:"namespace"`
	Type      string      `json:"type"`
	ClusterIP string      `json:"clusterIP"`
	Ports     []string    `json:"ports"`
	Selector  string      `json:"selector"`
	External  string      `json:"external,omitempty"`
	Endpoints []*Endpoint `json:"endpoints"`
}

// Endpoint is one address of a Service's EndpointSlices.
type Endpoint struct {
	IP          string `json:"ip"`
	Pod         string `json:"pod,omitempty"`
	Node        string `json:"node,omitempty"`
	Ready       bool   `json:"ready"`
	Serving     bool   `json:"serving"`
	Terminating bool   `json:"terminating"`
}

// Event is one row of the event stream, with kubectl get events' columns.
type Event struct {
	// LastSeen is kubectl's LAST SEEN ("12s"); Tick the tick it was last
	// seen at.
	LastSeen string `json:"lastSeen"`
	Tick     int64  `json:"tick"`
	Type     string `json:"type"`
	Reason   string `json:"reason"`
	// Object is "pod/web-5d8f-x2x4z", as kubectl prints it.
	Object  string `json:"object"`
	Message string `json:"message"`
	Count   int32  `json:"count"`
}

// Decision is one record of the Why? pane (controller.Decision, with its
// one-line rendering).
type Decision struct {
	controller.Decision
	Text string `json:"text"`
	// System marks the cluster's own housekeeping (housekeeping.go), which
	// the pane folds under a count.
	System bool `json:"system,omitempty"`
}

// Chart is the replica history per ReplicaSet over the ticks From..To
// (inclusive), as change points: each series lists the ticks where its
// counts changed (and From), so a steady cluster costs a point per series
// however long the window.
type Chart struct {
	From   int64     `json:"from"`
	To     int64     `json:"to"`
	Series []*Series `json:"series"`
}

// Series is one ReplicaSet's line in the chart. Points are
// [tick, desired, current, ready], in tick order; the counts hold until the
// next point's tick. A point of -1s means the ReplicaSet did not exist from
// that tick on.
type Series struct {
	Name       string     `json:"name"`
	Deployment string     `json:"deployment,omitempty"`
	Revision   string     `json:"revision,omitempty"`
	Points     [][4]int64 `json:"points"`
}

// JSON encodes the view. It is json.Marshal(v), only faster: the encoding
// of each pod, Deployment and Node is made once, when it is first needed,
// and spliced in; views share those values, and so their encodings.
func (v *View) JSON() ([]byte, error) {
	n := 0
	for _, p := range v.Pods {
		n += len(p.encoded()) + 1
	}
	return v.encode(n, func(out []byte) []byte {
		return appendList(append(out, podsKey...), v.Pods, (*Pod).encoded)
	})
}

// The keys of the lists View.encode splices in, with their value null, as
// the rest of the view encodes without them.
const (
	deploymentsKey = `"deployments":`
	podsKey        = `"pods":`
	nodesKey       = `"nodes":`
	null           = "null"
)

// encode encodes the view with its Deployments and Nodes spliced in from
// their encodings, and its pods field written by pods, in about podsSize
// bytes.
func (v *View) encode(podsSize int, pods func(out []byte) []byte) ([]byte, error) {
	type plain View // without methods
	p := plain(*v)
	p.Deployments, p.Pods, p.Nodes = nil, nil, nil
	rest, err := json.Marshal(&p)
	if err != nil {
		return nil, err
	}
	// Each key's first occurrence with the value null is the field: the
	// fields before it have no such key, and a string cannot hold an
	// unescaped quote.
	var at [3]int
	from := 0
	for k, key := range []string{deploymentsKey, podsKey, nodesKey} {
		i := bytes.Index(rest[from:], []byte(key+null))
		if i < 0 {
			return nil, fmt.Errorf("session: the view's encoding has no %s field", key)
		}
		at[k] = from + i
		from = at[k] + len(key) + len(null)
	}
	n := len(rest) + podsSize + 64
	for _, d := range v.Deployments {
		n += len(d.encoded()) + 1
	}
	for _, nd := range v.Nodes {
		n += len(nd.encoded()) + 1
	}
	out := make([]byte, 0, n)
	out = append(out, rest[:at[0]]...)
	out = appendList(append(out, deploymentsKey...), v.Deployments, (*Deployment).encoded)
	out = append(out, rest[at[0]+len(deploymentsKey)+len(null):at[1]]...)
	out = pods(out)
	out = append(out, rest[at[1]+len(podsKey)+len(null):at[2]]...)
	out = appendList(append(out, nodesKey...), v.Nodes, (*Node).encoded)
	out = append(out, rest[at[2]+len(nodesKey)+len(null):]...)
	return out, nil
}

// appendList appends the JSON array of the encodings of list (null for a
// nil list, as json.Marshal writes it).
func appendList[T any](out []byte, list []*T, enc func(*T) []byte) []byte {
	if list == nil {
		return append(out, null...)
	}
	out = append(out, '[')
	for j, e := range list {
		if j > 0 {
			out = append(out, ',')
		}
		out = append(out, enc(e)...)
	}
	return append(out, ']')
}

// encodeOnce returns the JSON of v, which *cache keeps once made. The view
// types are strings, numbers, booleans and lists of them, so encoding
// cannot fail.
func encodeOnce[T any](cache *[]byte, v *T) []byte {
	if *cache == nil {
		b, err := json.Marshal(v)
		if err != nil {
			b = []byte(null)
		}
		*cache = b
	}
	return *cache
}

func (p *Pod) encoded() []byte        { return encodeOnce(&p.json, p) }
func (d *Deployment) encoded() []byte { return encodeOnce(&d.json, d) }
func (n *Node) encoded() []byte       { return encodeOnce(&n.json, n) }

// tickOf converts a virtual time to its tick.
func tickOf(t, epoch time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return int64(t.Sub(epoch) / time.Second)
}

// rfc3339 formats a virtual time, "" for the zero time.
func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// isFailureReason reports whether a kubectl STATUS means the pod cannot run
// as asked: the reasons a learner should see in red.
func isFailureReason(status string) bool {
	if rest, ok := strings.CutPrefix(status, "Init:"); ok {
		return isFailureReason(rest)
	}
	switch status {
	case "ErrImagePull", "ImagePullBackOff", "InvalidImageName", "ErrImageNeverPull",
		"CrashLoopBackOff", "Error", "Failed", "OOMKilled", "ContainerCannotRun",
		"CreateContainerError", "CreateContainerConfigError", "RunContainerError",
		"StartError", "Evicted", "NodeAffinity", "OutOfcpu", "OutOfmemory", "OutOfpods",
		"UnexpectedAdmissionError", "DeadlineExceeded", "PostStartHookError":
		return true
	}
	return strings.HasPrefix(status, "ExitCode:") || strings.HasPrefix(status, "Signal:")
}

// PodPatch is how JSONDelta sends the pods of a view as an edit of the pods
// of the view sent before it (the base), which the receiver holds:
//
//	"podPatch": {"base": 10000, "n": 10001, "seq": [[0, 120], {pod}, [121, 9879], {pod}]}
//
// Base is the number of pods the edit applies to and N the number it
// makes. Seq builds the new list in order: a pair [start, count] copies
// base[start : start+count], any other element is a pod (a new one, or a
// changed one in place of the old). A pod that is not copied is dropped. With
// a PodPatch, "pods" is null.
//
// At 10,000 pods a full view is about 2.5 MB of JSON; the patch of a tick
// that starts, changes or deletes a few pods is a few hundred bytes, which
// is what keeps one tick plus redraw fast.

// JSONDelta encodes the view like JSON, except that with a base (the pods
// of the view the receiver holds) it sends the pods as a PodPatch over base
// when that is smaller: when at most half of the view's pods are new or
// changed. A pod of the view is sent as it is unless base holds the same
// pod (by namespace and name) with the same encoding, in which case it is
// copied; pods are matched by walking both lists in their order, as
// View.Pods are sorted. patched reports whether it sent a patch; with base
// nil (nothing sent yet) it never does.
//
// Applying the patch to base always gives exactly the view's pods, whatever
// base holds; the tests check it.
func (v *View) JSONDelta(base []*Pod) (data []byte, patched bool, err error) {
	seq, ok := podEdit(base, v.Pods)
	if !ok {
		data, err = v.JSON()
		return data, false, err
	}
	size := 64
	for _, e := range seq {
		if e.pod != nil {
			size += len(e.pod.encoded()) + 1
		} else {
			size += 24
		}
	}
	data, err = v.encode(size, func(out []byte) []byte {
		out = append(out, podsKey+null+`,"podPatch":{"base":`...)
		out = strconv.AppendInt(out, int64(len(base)), 10)
		out = append(out, `,"n":`...)
		out = strconv.AppendInt(out, int64(len(v.Pods)), 10)
		out = append(out, `,"seq":[`...)
		for j, e := range seq {
			if j > 0 {
				out = append(out, ',')
			}
			if e.pod != nil {
				out = append(out, e.pod.encoded()...)
				continue
			}
			out = append(out, '[')
			out = strconv.AppendInt(out, int64(e.start), 10)
			out = append(out, ',')
			out = strconv.AppendInt(out, int64(e.count), 10)
			out = append(out, ']')
		}
		return append(out, "]}"...)
	})
	return data, err == nil, err
}

// editStep is one element of a PodPatch's seq: a pod to send, or (pod nil)
// a run of count pods copied from base[start:].
type editStep struct {
	pod          *Pod
	start, count int
}

// podEdit returns the steps that turn base into now, and whether a patch
// is worth sending: base is not nil and at most half of now must be sent.
//
// It walks both lists at once. A pod of now that is base's next pod (the
// same value, or the same name with the same encoding) extends the current
// run of copied pods; otherwise the one of the two pods that sorts first
// (comparePods) is the one that is not in the other list: base's is
// dropped, now's is sent. With the same name but another encoding, now's
// is sent in place of base's. Whatever the lists hold, the steps rebuild
// now exactly; sorted lists (as View.Pods are) make them short.
func podEdit(base, now []*Pod) ([]editStep, bool) {
	if base == nil {
		return nil, false
	}
	var seq []editStep
	run := editStep{} // the run of copied pods being extended
	sent := 0
	i := 0
	for _, p := range now {
		c := 1 // how base[i] compares with p; 1 when base is used up
		for i < len(base) {
			if base[i] == p {
				c = 0
				break
			}
			if c = comparePods(base[i], p); c >= 0 {
				break
			}
			i++ // base[i] is not in now: drop it
		}
		if c == 0 && (base[i] == p || bytes.Equal(base[i].encoded(), p.encoded())) {
			if run.count > 0 && run.start+run.count != i {
				seq = append(seq, run)
				run.count = 0
			}
			if run.count == 0 {
				run.start = i
			}
			run.count++
			i++
			continue
		}
		if c == 0 {
			i++ // p replaces base[i]
		}
		if run.count > 0 {
			seq = append(seq, run)
			run.count = 0
		}
		if sent++; sent > len(now)/2 {
			return nil, false
		}
		seq = append(seq, editStep{pod: p})
	}
	if run.count > 0 {
		seq = append(seq, run)
	}
	return seq, true
}

// comparePods orders pods as View.Pods are: by their informer keys,
// "namespace/name".
func comparePods(a, b *Pod) int { return compareKeys(a.Namespace, a.Name, b.Namespace, b.Name) }
