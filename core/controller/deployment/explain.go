package deployment

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// Wording for the decision records: the arithmetic behind a choice, written
// the way the UI's Why? pane shows it ("maxSurge 25% of 4 → ceil 1;
// maxTotal = 4+1 = 5; current = 4"). Nothing here decides anything.

func in(name string, v any) controller.Input {
	return controller.Input{Name: name, Value: fmt.Sprint(v)}
}

// intOrPercentString explains how one fencepost resolves.
func intOrPercentString(field string, v *api.IntOrString, total int32, roundUp bool) string {
	if v == nil {
		return field + " unset → 0"
	}
	if !v.IsString {
		return fmt.Sprintf("%s %d", field, v.IntVal)
	}
	n, err := deploymentutil.ScaledValue(v, total, roundUp)
	if err != nil {
		return fmt.Sprintf("%s %q: %v", field, v.StrVal, err)
	}
	rounding := "floor"
	if roundUp {
		rounding = "ceil"
	}
	return fmt.Sprintf("%s %s of %d → %s %d", field, v.StrVal, total, rounding, n)
}

// surgeString explains maxSurge ("maxSurge 25% of 4 → ceil 1").
func surgeString(d *api.Deployment) string {
	if !deploymentutil.IsRollingUpdate(d) {
		return "maxSurge 0 (" + string(d.Spec.Strategy.Type) + ")"
	}
	s, _ := deploymentutil.RollingParams(d)
	return intOrPercentString("maxSurge", s, deploymentutil.Int32Value(d.Spec.Replicas), true)
}

// unavailableString explains maxUnavailable, including the fencepost and
// the cap at spec.replicas.
func unavailableString(d *api.Deployment) string {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	if !deploymentutil.IsRollingUpdate(d) {
		return "maxUnavailable 0 (" + string(d.Spec.Strategy.Type) + ")"
	}
	if replicas == 0 {
		return "maxUnavailable 0 (replicas 0)"
	}
	s, u := deploymentutil.RollingParams(d)
	out := intOrPercentString("maxUnavailable", u, replicas, false)
	surge, _ := deploymentutil.ScaledValue(s, replicas, true)
	raw, _ := deploymentutil.ScaledValue(u, replicas, false)
	resolved := raw
	if surge == 0 && raw == 0 {
		resolved = 1
		out += "; maxSurge and maxUnavailable both 0 → maxUnavailable 1"
	}
	if resolved > replicas {
		out += fmt.Sprintf("; capped at replicas %d", replicas)
	}
	return out
}

// newRSNewReplicasFormula explains NewRSNewReplicas.
func newRSNewReplicasFormula(d *api.Deployment, allRSs []*api.ReplicaSet, newRS *api.ReplicaSet) string {
	replicas := deploymentutil.Int32Value(d.Spec.Replicas)
	if !deploymentutil.IsRollingUpdate(d) {
		return fmt.Sprintf("%s: new RS gets all %d replicas", d.Spec.Strategy.Type, replicas)
	}
	s, _ := deploymentutil.RollingParams(d)
	surge, _ := deploymentutil.ScaledValue(s, replicas, true)
	current := deploymentutil.GetReplicaCountForReplicaSets(allRSs)
	maxTotal := replicas + surge
	out := fmt.Sprintf("%s; maxTotal = %d+%d = %d; current = %d", surgeString(d), replicas, surge, maxTotal, current)
	if current >= maxTotal {
		return out + " ≥ maxTotal"
	}
	n := deploymentutil.SpecReplicas(newRS)
	return out + fmt.Sprintf("; new = %d + min(%d − %d, %d − %d) = %d", n, maxTotal, current, replicas, n,
		n+min(maxTotal-current, replicas-n))
}

// allowedFormula explains proportional scaling's target total.
func allowedFormula(d *api.Deployment, replicas, allowed int32) string {
	if replicas == 0 {
		return "replicas 0 → 0"
	}
	return fmt.Sprintf("replicas %d + %s = %d", replicas, surgeString(d), allowed)
}

// proportionFormula explains GetReplicaSetProportion for one ReplicaSet.
func proportionFormula(rs *api.ReplicaSet, d *api.Deployment, toAdd, added, proportion int32) string {
	spec := deploymentutil.SpecReplicas(rs)
	switch {
	case spec == 0:
		return fmt.Sprintf("%s is inactive → 0", rs.Name)
	case toAdd == added:
		return "everything already handed out → 0"
	case deploymentutil.Int32Value(d.Spec.Replicas) == 0:
		return fmt.Sprintf("scaling to 0: %s gives up all %d", rs.Name, spec)
	}
	maxReplicas := deploymentutil.Int32Value(d.Spec.Replicas) + deploymentutil.MaxSurge(d)
	before, ok := deploymentutil.GetMaxReplicasAnnotation(rs)
	source := "max-replicas annotation"
	if !ok || before == 0 {
		before, source = d.Status.Replicas, "status.replicas (no usable max-replicas annotation)"
		if before == 0 {
			return fmt.Sprintf("%s: no max-replicas annotation and status.replicas 0 → 0", rs.Name)
		}
	}
	size := float64(spec*maxReplicas) / float64(before)
	fraction := deploymentutil.RoundToInt32(size) - spec
	out := fmt.Sprintf("%s: round(%d × %d / %d [%s] = %s) − %d = %+d; remaining toAdd − added = %+d",
		rs.Name, spec, maxReplicas, before, source, strconv.FormatFloat(size, 'f', -1, 64), spec, fraction, toAdd-added)
	if proportion != fraction {
		out += fmt.Sprintf(" → clamped to %+d", proportion)
	}
	return out
}

// progressFormula lists which progress signals hold.
func progressFormula(d *api.Deployment, s *api.DeploymentStatus) string {
	old := d.Status
	var why []string
	if s.UpdatedReplicas > old.UpdatedReplicas {
		why = append(why, fmt.Sprintf("updated %d > %d", s.UpdatedReplicas, old.UpdatedReplicas))
	}
	if o, n := old.Replicas-old.UpdatedReplicas, s.Replicas-s.UpdatedReplicas; n < o {
		why = append(why, fmt.Sprintf("old pods %d < %d", n, o))
	}
	if s.ReadyReplicas > old.ReadyReplicas {
		why = append(why, fmt.Sprintf("ready %d > %d", s.ReadyReplicas, old.ReadyReplicas))
	}
	if s.AvailableReplicas > old.AvailableReplicas {
		why = append(why, fmt.Sprintf("available %d > %d", s.AvailableReplicas, old.AvailableReplicas))
	}
	return "progress since the stored status: " + strings.Join(why, ", ")
}

// timedOutFormula explains DeploymentTimedOut's verdict.
func timedOutFormula(d *api.Deployment, s *api.DeploymentStatus, now time.Time) string {
	c := deploymentutil.GetDeploymentCondition(*s, api.DeploymentProgressing)
	if c == nil || c.Reason == deploymentutil.TimedOutReason {
		return "already timed out"
	}
	pds := *d.Spec.ProgressDeadlineSeconds
	return fmt.Sprintf("no progress; lastUpdateTime %s + %ds = %s is before now %s",
		clockString(c.LastUpdateTime.Time), pds, clockString(c.LastUpdateTime.Add(time.Duration(pds)*time.Second)), clockString(now))
}

// clockString prints a virtual-clock instant as its time of day (scenarios
// start at midnight, so this reads as elapsed time).
func clockString(t time.Time) string { return t.UTC().Format("15:04:05") }

// revisionString is rs's revision annotation, "<none>" when missing.
func revisionString(rs *api.ReplicaSet) string {
	if v, ok := rs.Annotations[deploymentutil.RevisionAnnotation]; ok {
		return v
	}
	return "<none>"
}

func condReason(c *api.DeploymentCondition) string {
	if c == nil {
		return "<none>"
	}
	return c.Reason
}

func optionalInt(p *int32) string {
	if p == nil {
		return "nil"
	}
	return strconv.Itoa(int(*p))
}

func cmpSign(ok bool) string {
	if ok {
		return "≥"
	}
	return "<"
}
