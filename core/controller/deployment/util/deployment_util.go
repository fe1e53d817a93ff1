// Package util models pkg/controller/deployment/util (deployment_util.go):
// the Deployment controller's pure helpers (no API calls, no clock reads:
// "now" is a parameter), exported under their upstream names, so that the
// controller, kubectl (rollout status, history, undo) and the page call the
// same code without importing the controller. Import it as deploymentutil.
package util

import (
	"fmt"
	"math"
	"sort"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Annotation and label keys (apps/v1 and deployment_util.go constants).
const (
	// RevisionAnnotation records a ReplicaSet's place in the rollout sequence;
	// the Deployment carries its new ReplicaSet's value.
	RevisionAnnotation = "deployment.kubernetes.io/revision"
	// RevisionHistoryAnnotation lists the earlier revisions a ReplicaSet
	// served before a rollback made it new again.
	RevisionHistoryAnnotation = "deployment.kubernetes.io/revision-history"
	// DesiredReplicasAnnotation is deployment.spec.replicas as last seen by
	// the ReplicaSet: a difference marks a scaling event.
	DesiredReplicasAnnotation = "deployment.kubernetes.io/desired-replicas"
	// MaxReplicasAnnotation is spec.replicas + maxSurge as last seen: the
	// denominator of proportional scaling.
	MaxReplicasAnnotation = "deployment.kubernetes.io/max-replicas"
	// DeprecatedRollbackTo round-trips the old extensions/v1beta1
	// spec.rollbackTo field (apps.DeprecatedRollbackTo).
	DeprecatedRollbackTo = "deprecated.deployment.rollback.to"
	// LastAppliedConfigAnnotation is kubectl apply's annotation; it is never
	// copied to ReplicaSets.
	LastAppliedConfigAnnotation = "kubectl.kubernetes.io/last-applied-configuration"
	// ChangeCauseAnnotation is what `kubectl rollout history` prints.
	ChangeCauseAnnotation = "kubernetes.io/change-cause"
	// DefaultDeploymentUniqueLabelKey is the pod-template-hash label.
	DefaultDeploymentUniqueLabelKey = "pod-template-hash"
)

// Event reasons of the deprecated controller-side rollback.
const (
	RollbackRevisionNotFound  = "DeploymentRollbackRevisionNotFound"
	RollbackTemplateUnchanged = "DeploymentRollbackTemplateUnchanged"
	RollbackDone              = "DeploymentRollback"
)

// Condition reasons.
const (
	ReplicaSetUpdatedReason    = "ReplicaSetUpdated"
	FailedRSCreateReason       = "ReplicaSetCreateError"
	NewReplicaSetReason        = "NewReplicaSetCreated"
	FoundNewRSReason           = "FoundNewReplicaSet"
	NewRSAvailableReason       = "NewReplicaSetAvailable"
	TimedOutReason             = "ProgressDeadlineExceeded"
	PausedDeployReason         = "DeploymentPaused"
	ResumedDeployReason        = "DeploymentResumed"
	MinimumReplicasAvailable   = "MinimumReplicasAvailable"
	MinimumReplicasUnavailable = "MinimumReplicasUnavailable"
)

// Int32Value dereferences an optional count. The API server defaults
// spec.replicas, so nil only appears in hand-built objects; upstream would
// panic there, Kubeplay reads 0.
func Int32Value(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}

// SpecReplicas is *rs.Spec.Replicas, nil-safe.
func SpecReplicas(rs *api.ReplicaSet) int32 { return Int32Value(rs.Spec.Replicas) }

// IsRollingUpdate reports whether d uses the RollingUpdate strategy.
func IsRollingUpdate(d *api.Deployment) bool {
	return d.Spec.Strategy.Type == api.RollingUpdateDeploymentStrategyType
}

// RollingParams returns maxSurge and maxUnavailable, nil when unset.
func RollingParams(d *api.Deployment) (surge, unavailable *api.IntOrString) {
	if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
		return ru.MaxSurge, ru.MaxUnavailable
	}
	return nil, nil
}

// ScaledValue is intstr.GetScaledValueFromIntOrPercent with
// intstr.ValueOrDefault(v, 0): unset counts as the integer 0.
func ScaledValue(v *api.IntOrString, total int32, roundUp bool) (int32, error) {
	if v == nil {
		return 0, nil
	}
	n, err := v.ScaledValue(int(total), roundUp)
	return int32(n), err
}

// ResolveFenceposts resolves maxSurge (percent rounds up) and
// maxUnavailable (percent rounds down) against desired. If both come out
// 0, maxUnavailable becomes 1: validation rejects an explicit 0/0, but
// rounding down can still produce it, and a rollout must be able to move.
func ResolveFenceposts(maxSurge, maxUnavailable *api.IntOrString, desired int32) (int32, int32, error) {
	surge, err := ScaledValue(maxSurge, desired, true)
	if err != nil {
		return 0, 0, err
	}
	unavailable, err := ScaledValue(maxUnavailable, desired, false)
	if err != nil {
		return 0, 0, err
	}
	if surge == 0 && unavailable == 0 {
		unavailable = 1
	}
	return surge, unavailable, nil
}

// MaxSurge is the resolved maxSurge of a RollingUpdate Deployment, 0 for
// Recreate. A resolution error (caught by validation) reads as 0.
func MaxSurge(d *api.Deployment) int32 {
	if !IsRollingUpdate(d) {
		return 0
	}
	s, u := RollingParams(d)
	surge, _, _ := ResolveFenceposts(s, u, Int32Value(d.Spec.Replicas))
	return surge
}

// MaxUnavailable is the resolved maxUnavailable, capped at spec.replicas;
// 0 for Recreate or when spec.replicas is 0.
func MaxUnavailable(d *api.Deployment) int32 {
	replicas := Int32Value(d.Spec.Replicas)
	if !IsRollingUpdate(d) || replicas == 0 {
		return 0
	}
	s, u := RollingParams(d)
	_, unavailable, _ := ResolveFenceposts(s, u, replicas)
	return min(unavailable, replicas)
}

// MinAvailable is spec.replicas − MaxUnavailable for RollingUpdate, else 0.
func MinAvailable(d *api.Deployment) int32 {
	if !IsRollingUpdate(d) {
		return 0
	}
	return Int32Value(d.Spec.Replicas) - MaxUnavailable(d)
}

// HasProgressDeadline reports whether progress is estimated at all: a
// progressDeadlineSeconds set to anything but MaxInt32.
func HasProgressDeadline(d *api.Deployment) bool {
	p := d.Spec.ProgressDeadlineSeconds
	return p != nil && *p != math.MaxInt32
}

// HasRevisionHistoryLimit reports whether old ReplicaSets are ever cleaned
// up: a revisionHistoryLimit set to anything but MaxInt32.
func HasRevisionHistoryLimit(d *api.Deployment) bool {
	l := d.Spec.RevisionHistoryLimit
	return l != nil && *l != math.MaxInt32
}

// NewRSNewReplicas is how large the new ReplicaSet may be now.
// RollingUpdate: maxTotal = replicas + maxSurge (the raw rounded-up surge,
// no fencepost); if the ReplicaSets already ask for maxTotal pods, keep the
// new one's size, else grow it by min(maxTotal − current, replicas − new).
// Recreate: all replicas at once.
func NewRSNewReplicas(d *api.Deployment, allRSs []*api.ReplicaSet, newRS *api.ReplicaSet) (int32, error) {
	switch d.Spec.Strategy.Type {
	case api.RollingUpdateDeploymentStrategyType:
		surgeValue, _ := RollingParams(d)
		if surgeValue == nil {
			return 0, fmt.Errorf("nil value for IntOrString")
		}
		replicas := Int32Value(d.Spec.Replicas)
		maxSurge, err := ScaledValue(surgeValue, replicas, true)
		if err != nil {
			return 0, err
		}
		current := GetReplicaCountForReplicaSets(allRSs)
		maxTotal := replicas + maxSurge
		if current >= maxTotal {
			return SpecReplicas(newRS), nil
		}
		scaleUp := min(maxTotal-current, replicas-SpecReplicas(newRS))
		return SpecReplicas(newRS) + scaleUp, nil
	case api.RecreateDeploymentStrategyType:
		return Int32Value(d.Spec.Replicas), nil
	default:
		return 0, fmt.Errorf("deployment type %v isn't supported", d.Spec.Strategy.Type)
	}
}

// IsSaturated reports whether the new ReplicaSet is fully rolled out: its
// size, its desired-replicas annotation and its available count all equal
// spec.replicas.
func IsSaturated(d *api.Deployment, rs *api.ReplicaSet) bool {
	if rs == nil {
		return false
	}
	desired, ok := GetDesiredReplicasAnnotation(rs)
	if !ok {
		return false
	}
	replicas := Int32Value(d.Spec.Replicas)
	return SpecReplicas(rs) == replicas && desired == replicas && rs.Status.AvailableReplicas == replicas
}

// FindActiveOrLatest returns the one ReplicaSet to scale when at most one
// is active: none active → the new one (or, without one, the newest old);
// exactly one → it; more → nil (proportional scaling is needed). Like
// upstream it sorts oldRSs in place, newest first.
func FindActiveOrLatest(newRS *api.ReplicaSet, oldRSs []*api.ReplicaSet) *api.ReplicaSet {
	if newRS == nil && len(oldRSs) == 0 {
		return nil
	}
	sort.Sort(sort.Reverse(controller.ReplicaSetsByCreationTimestamp(oldRSs)))
	all := controller.FilterActiveReplicaSets(append(oldRSs[:len(oldRSs):len(oldRSs)], newRS))
	switch len(all) {
	case 0:
		if newRS != nil {
			return newRS
		}
		return oldRSs[0]
	case 1:
		return all[0]
	default:
		return nil
	}
}

// GetReplicaSetProportion is how many replicas rs gains (or loses) when
// toAdd replicas are spread over the active ReplicaSets and added have
// already been handed out: its fraction, clamped so the total never
// overshoots toAdd.
func GetReplicaSetProportion(rs *api.ReplicaSet, d *api.Deployment, toAdd, added int32) int32 {
	if rs == nil || SpecReplicas(rs) == 0 || toAdd == 0 || toAdd == added {
		return 0
	}
	fraction := getReplicaSetFraction(rs, d)
	allowed := toAdd - added
	if toAdd > 0 {
		return min(fraction, allowed)
	}
	return max(fraction, allowed)
}

// getReplicaSetFraction is rs's share of a resize: round(spec ×
// (replicas + maxSurge) / maxReplicasBeforeScale) − spec, rounding half
// away from zero. Scaling to 0 takes everything. The denominator is the
// max-replicas annotation; missing, unparsable or 0 falls back to
// deployment.status.replicas, and if that is 0 too the share is 0 (the
// newest code's guard; v1.28 divided by zero).
func getReplicaSetFraction(rs *api.ReplicaSet, d *api.Deployment) int32 {
	if Int32Value(d.Spec.Replicas) == 0 {
		return -SpecReplicas(rs)
	}
	maxReplicas := Int32Value(d.Spec.Replicas) + MaxSurge(d)
	before, ok := GetMaxReplicasAnnotation(rs)
	if !ok || before == 0 {
		before = d.Status.Replicas
		if before == 0 {
			return 0
		}
	}
	// Upstream multiplies in int32 before converting, then rounds with
	// integer.RoundToInt32.
	size := float64(SpecReplicas(rs)*maxReplicas) / float64(before)
	return RoundToInt32(size) - SpecReplicas(rs)
}

// RoundToInt32 is k8s.io/utils/integer.RoundToInt32: half away from zero.
func RoundToInt32(a float64) int32 {
	if a < 0 {
		return int32(a - 0.5)
	}
	return int32(a + 0.5)
}

// EqualIgnoreHash reports whether two pod templates are semantically equal
// once the pod-template-hash label is removed from both (nil and empty
// maps and slices are equal). Neither argument is changed.
func EqualIgnoreHash(t1, t2 *api.PodTemplateSpec) bool {
	// Upstream deep-copies both templates to delete the label; comparing
	// shallow copies with label maps that lack it is the same test without
	// copying whole pod specs (this runs several times per sync).
	c1, c2 := *t1, *t2
	c1.Labels = withoutHashLabel(t1.Labels)
	c2.Labels = withoutHashLabel(t2.Labels)
	return api.SemanticEqual(&c1, &c2)
}

// withoutHashLabel returns labels without pod-template-hash, copying only
// when the label is there; the argument is never changed.
func withoutHashLabel(labels map[string]string) map[string]string {
	if _, ok := labels[DefaultDeploymentUniqueLabelKey]; !ok {
		return labels
	}
	out := make(map[string]string, len(labels)-1)
	for k, v := range labels {
		if k != DefaultDeploymentUniqueLabelKey {
			out[k] = v
		}
	}
	return out
}

// FindNewReplicaSet returns the ReplicaSet whose template equals the
// Deployment's (ignoring the hash label). Should several match (it happens
// after upgrades change defaulting), the oldest wins. Like upstream it sorts
// rsList in place, oldest first.
func FindNewReplicaSet(d *api.Deployment, rsList []*api.ReplicaSet) *api.ReplicaSet {
	sort.Sort(controller.ReplicaSetsByCreationTimestamp(rsList))
	for _, rs := range rsList {
		if EqualIgnoreHash(&rs.Spec.Template, &d.Spec.Template) {
			return rs
		}
	}
	return nil
}

// FindOldReplicaSets returns the ReplicaSets other than the new one: first
// those with spec.replicas > 0, then all of them, oldest first.
func FindOldReplicaSets(d *api.Deployment, rsList []*api.ReplicaSet) (required, all []*api.ReplicaSet) {
	newRS := FindNewReplicaSet(d, rsList)
	for _, rs := range rsList {
		if newRS != nil && rs.UID == newRS.UID {
			continue
		}
		all = append(all, rs)
		if SpecReplicas(rs) != 0 {
			required = append(required, rs)
		}
	}
	return required, all
}

// SetFromReplicaSetTemplate copies an old ReplicaSet's template into d,
// without its pod-template-hash label (the deprecated rollback).
func SetFromReplicaSetTemplate(d *api.Deployment, template api.PodTemplateSpec) *api.Deployment {
	t := api.DeepCopy(&template)
	delete(t.Labels, DefaultDeploymentUniqueLabelKey)
	d.Spec.Template = *t
	return d
}

// sumReplicaSets adds up count over the non-nil ReplicaSets, the loop the
// Get*ReplicaCountForReplicaSets helpers below share.
func sumReplicaSets(rss []*api.ReplicaSet, count func(*api.ReplicaSet) int32) int32 {
	var n int32
	for _, rs := range rss {
		if rs != nil {
			n += count(rs)
		}
	}
	return n
}

// GetReplicaCountForReplicaSets is Σ spec.replicas (nil entries skipped).
func GetReplicaCountForReplicaSets(rss []*api.ReplicaSet) int32 {
	return sumReplicaSets(rss, func(rs *api.ReplicaSet) int32 { return SpecReplicas(rs) })
}

// GetActualReplicaCountForReplicaSets is Σ status.replicas: the pods that
// exist and are not terminating.
func GetActualReplicaCountForReplicaSets(rss []*api.ReplicaSet) int32 {
	return sumReplicaSets(rss, func(rs *api.ReplicaSet) int32 { return rs.Status.Replicas })
}

// GetReadyReplicaCountForReplicaSets is Σ status.readyReplicas.
func GetReadyReplicaCountForReplicaSets(rss []*api.ReplicaSet) int32 {
	return sumReplicaSets(rss, func(rs *api.ReplicaSet) int32 { return rs.Status.ReadyReplicas })
}

// GetAvailableReplicaCountForReplicaSets is Σ status.availableReplicas.
func GetAvailableReplicaCountForReplicaSets(rss []*api.ReplicaSet) int32 {
	return sumReplicaSets(rss, func(rs *api.ReplicaSet) int32 { return rs.Status.AvailableReplicas })
}

// GetTerminatingReplicaCountForReplicaSets is Σ status.terminatingReplicas
// (KEP-3973). A ReplicaSet never synced (observedGeneration 0, nil count)
// adds 0; one synced but reporting nil makes the total unknown (nil).
func GetTerminatingReplicaCountForReplicaSets(rss []*api.ReplicaSet) *int32 {
	var n int32
	for _, rs := range rss {
		switch {
		case rs == nil:
		case rs.Status.ObservedGeneration == 0 && rs.Status.TerminatingReplicas == nil:
		case rs.Status.TerminatingReplicas == nil:
			return nil
		default:
			n += *rs.Status.TerminatingReplicas
		}
	}
	return &n
}

// GetDeploymentsForReplicaSet returns the Deployments whose selector
// matches rs's labels (used to find adopters for an orphan). A Deployment
// with an empty or invalid selector matches nothing.
func GetDeploymentsForReplicaSet(deployments []*api.Deployment, rs *api.ReplicaSet) ([]*api.Deployment, error) {
	if len(rs.Labels) == 0 {
		return nil, fmt.Errorf("no deployments found for ReplicaSet %v because it has no labels", rs.Name)
	}
	var out []*api.Deployment
	for _, d := range deployments {
		if d.Namespace != rs.Namespace {
			continue
		}
		sel, err := labels.SelectorFromLabelSelector(d.Spec.Selector)
		if err != nil || sel.Empty() || !sel.Matches(labels.Set(rs.Labels)) {
			continue
		}
		out = append(out, d)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("could not find deployments set for ReplicaSet %s in namespace %s with labels: %v",
			rs.Name, rs.Namespace, formatLabelMap(rs.Labels))
	}
	return out, nil
}

// formatLabelMap prints a label map as Go's %v does (map[k:v ...], keys
// sorted), which is how upstream's error shows it.
func formatLabelMap(m map[string]string) string { return fmt.Sprint(m) }
