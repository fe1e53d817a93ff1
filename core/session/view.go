package session

import (
	"bytes"
	"encoding/json"
	"errors"
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
	// Pods are every pod, sorted by namespace and name; Owner names the
	// ReplicaSet that controls a pod.
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
	Revision           string       `json:"revision"`
	Generation         int64        `json:"generation"`
	ObservedGeneration int64        `json:"observedGeneration"`
	Selector           string       `json:"selector"`
	Images             []string     `json:"images"`
	Conditions         []*Condition `json:"conditions"`
	// Rollout is kubectl rollout status's one-line verdict.
	Rollout     string        `json:"rollout"`
	ReplicaSets []*ReplicaSet `json:"replicaSets"`
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

// JSON encodes the view. It is json.Marshal(v), only faster: each pod's
// encoding is made once, when its view is, and spliced in.
func (v *View) JSON() ([]byte, error) {
	type plain View // without methods
	p := plain(*v)
	p.Pods = nil
	head, err := json.Marshal(&p)
	if err != nil {
		return nil, err
	}
	// The first "pods":null is the field: earlier fields hold no key
	// "pods", and a string cannot hold an unescaped quote.
	const marker = `"pods":null`
	i := bytes.Index(head, []byte(marker))
	if i < 0 {
		return nil, errors.New("session: view encoding has no pods field")
	}
	n := len(head) + 2
	for _, pod := range v.Pods {
		n += len(pod.encoded()) + 1
	}
	out := make([]byte, 0, n)
	out = append(out, head[:i]...)
	out = append(out, `"pods":[`...)
	for j, pod := range v.Pods {
		if j > 0 {
			out = append(out, ',')
		}
		out = append(out, pod.encoded()...)
	}
	out = append(out, ']')
	out = append(out, head[i+len(marker):]...)
	return out, nil
}

// encoded returns the pod's JSON, encoding it on first use.
func (p *Pod) encoded() []byte {
	if p.json == nil {
		type plain Pod
		b, err := json.Marshal((*plain)(p))
		if err != nil {
			b = []byte("null") // a Pod is strings, numbers and booleans
		}
		p.json = b
	}
	return p.json
}

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

// PodPatch is how JSONDelta sends the pods of a view when they are those of
// the view sent before it, give or take a few: N is the number of pods (the
// same as before), and Set lists the pods that changed, each as
// [index, pod]. The receiver keeps its previous pods and replaces those.
// With a PodPatch, "pods" is null.
//
// At 10,000 pods a full view is about 2.5 MB of JSON; a steady cluster's
// patch is a few bytes, which is what keeps one tick plus redraw fast.

// JSONDelta encodes the view like JSON, except that when base (the pods of
// the view the receiver holds) has the same pods as the view, by namespace
// and name in the same order, and at most half of them changed, it sends
// only the changed ones: "pods" is null and "podPatch" is
// {"n": len(pods), "set": [[index, pod], ...]}. A pod counts as changed
// when its encoding differs. patched reports whether it sent a patch; with
// base nil (nothing sent yet) it never does.
func (v *View) JSONDelta(base []*Pod) (data []byte, patched bool, err error) {
	changed, ok := podChanges(base, v.Pods)
	if !ok {
		data, err = v.JSON()
		return data, false, err
	}
	type plain View
	p := plain(*v)
	p.Pods = nil
	head, err := json.Marshal(&p)
	if err != nil {
		return nil, false, err
	}
	const marker = `"pods":null`
	i := bytes.Index(head, []byte(marker))
	if i < 0 {
		return nil, false, errors.New("session: view encoding has no pods field")
	}
	out := make([]byte, 0, len(head)+64)
	out = append(out, head[:i+len(marker)]...)
	out = append(out, `,"podPatch":{"n":`...)
	out = strconv.AppendInt(out, int64(len(v.Pods)), 10)
	out = append(out, `,"set":[`...)
	for j, k := range changed {
		if j > 0 {
			out = append(out, ',')
		}
		out = append(out, '[')
		out = strconv.AppendInt(out, int64(k), 10)
		out = append(out, ',')
		out = append(out, v.Pods[k].encoded()...)
		out = append(out, ']')
	}
	out = append(out, "]}"...)
	out = append(out, head[i+len(marker):]...)
	return out, true, nil
}

// podChanges returns the indexes of the pods of now that differ from
// base's, and whether a patch is worth sending: both lists name the same
// pods in the same order and at most half of them changed.
func podChanges(base, now []*Pod) ([]int, bool) {
	if base == nil || len(base) != len(now) {
		return nil, false
	}
	var changed []int
	for i, p := range now {
		b := base[i]
		if p == b {
			continue
		}
		if p.Name != b.Name || p.Namespace != b.Namespace {
			return nil, false
		}
		if !bytes.Equal(p.encoded(), b.encoded()) {
			changed = append(changed, i)
			if len(changed) > len(now)/2 {
				return nil, false
			}
		}
	}
	return changed, true
}
