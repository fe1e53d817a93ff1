package session

import (
	"slices"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Landmarks are the ticks of the timeline a learner looks for on the
// slider: the commands, each rollout's start and end, the Deployment
// conditions a rollout fails by (ProgressDeadlineExceeded, ReplicaFailure)
// and Nodes going NotReady and Ready again.

// The kinds of landmark.
const (
	MarkCommand        = "command"
	MarkRolloutStarted = "rolloutStarted"
	MarkRolloutDone    = "rolloutDone"
	MarkDeadline       = "deadlineExceeded"
	MarkReplicaFailure = "replicaFailure"
	MarkNodeNotReady   = "nodeNotReady"
	MarkNodeReady      = "nodeReady"
)

// maxLandmarks bounds the list the page draws: the latest are kept.
const maxLandmarks = 400

// Landmark is one tick worth finding on the slider.
type Landmark struct {
	Tick int64  `json:"tick"`
	Kind string `json:"kind"`
	// Object is "deployment/web" or "node/node-1"; Line the command.
	Object string `json:"object,omitempty"`
	Line   string `json:"line,omitempty"`
}

// marker watches a world's Deployments and Nodes after every tick and
// notes the changes that are landmarks. Replays rebuild it with the
// world, so a branch's landmarks are its own.
type marker struct {
	progressing map[string]string // Deployment key → its Progressing reason
	failing     map[string]bool   // Deployment key → ReplicaFailure present
	ready       map[string]bool   // Node name → Ready is True
	marks       []Landmark
}

func newMarker() *marker {
	return &marker{progressing: map[string]string{}, failing: map[string]bool{}, ready: map[string]bool{}}
}

func (m *marker) add(tick int64, kind, object string) {
	m.marks = append(m.marks, Landmark{Tick: tick, Kind: kind, Object: object})
}

// observe compares the caches with what it saw last and notes the
// landmarks at tick.
func (m *marker) observe(tick int64, in *controller.Informers) {
	for _, o := range in.Lister(kindDeployment).List("", nil) {
		d := o.(*api.Deployment)
		key, obj := controller.KeyOf(d), "deployment/"+d.Name
		reason := ""
		if c := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentProgressing); c != nil {
			reason = c.Reason
		}
		if was, seen := m.progressing[key]; !seen || was != reason {
			switch {
			case reason == deploymentutil.NewRSAvailableReason && seen:
				m.add(tick, MarkRolloutDone, obj)
			case reason == deploymentutil.TimedOutReason:
				m.add(tick, MarkDeadline, obj)
			case (reason == deploymentutil.NewReplicaSetReason || reason == deploymentutil.FoundNewRSReason || reason == deploymentutil.ReplicaSetUpdatedReason) &&
				(was == "" || was == deploymentutil.NewRSAvailableReason):
				m.add(tick, MarkRolloutStarted, obj)
			}
			m.progressing[key] = reason
		}
		failing := deploymentutil.GetDeploymentCondition(d.Status, api.DeploymentReplicaFailure) != nil
		if failing && !m.failing[key] {
			m.add(tick, MarkReplicaFailure, obj)
		}
		m.failing[key] = failing
	}
	for _, o := range in.Lister(kindNode).List("", nil) {
		n := o.(*api.Node)
		ready := false
		for _, c := range n.Status.Conditions {
			if c.Type == api.NodeReady {
				ready = c.Status == api.ConditionTrue
			}
		}
		if was, seen := m.ready[n.Name]; seen && was != ready {
			m.add(tick, map[bool]string{true: MarkNodeReady, false: MarkNodeNotReady}[ready], "node/"+n.Name)
		}
		m.ready[n.Name] = ready
	}
}

// Landmarks returns the timeline's landmarks in tick order: the commands
// of the log and what the head world's marker saw, the latest
// maxLandmarks of them.
func (s *Session) Landmarks() []Landmark {
	var out []Landmark
	for _, e := range s.log {
		if e.kind == entryTick || e.kind == entryStep || e.kind == entryKubectl && readOnly(e.Line) {
			continue
		}
		out = append(out, Landmark{Tick: e.Tick, Kind: MarkCommand, Line: strings.TrimSpace(e.Line)})
	}
	out = append(out, s.w.marks.marks...)
	slices.SortStableFunc(out, func(a, b Landmark) int { return int(a.Tick - b.Tick) })
	if len(out) > maxLandmarks {
		out = out[len(out)-maxLandmarks:]
	}
	return out
}
