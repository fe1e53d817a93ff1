package controller

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

// This file holds the pod helpers of pkg/controller/controller_utils.go and
// pkg/api/v1/pod (podutil) that the ReplicaSet and Deployment controllers
// share: which pods count, readiness and availability, the order in which
// pods are deleted (PodControl, which creates and deletes them, is
// pod_control.go).

// PodDeletionCostAnnotation is core.PodDeletionCost: pods with a lower cost
// are deleted first when a ReplicaSet scales down.
const PodDeletionCostAnnotation = "controller.kubernetes.io/pod-deletion-cost"

// Event reasons of RealPodControl (controller_utils.go).
const (
	FailedCreatePodReason     = "FailedCreate"
	SuccessfulCreatePodReason = "SuccessfulCreate"
	FailedDeletePodReason     = "FailedDelete"
	SuccessfulDeletePodReason = "SuccessfulDelete"
)

// PodKey models controller.PodKey: "namespace/name".
func PodKey(pod *api.Pod) string { return pod.Namespace + "/" + pod.Name }

// IsPodActive models controller.IsPodActive: not Succeeded, not Failed and
// not being deleted.
func IsPodActive(p *api.Pod) bool {
	return p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed && p.DeletionTimestamp == nil
}

// IsPodTerminal models podutil.IsPodTerminal: Succeeded or Failed.
func IsPodTerminal(p *api.Pod) bool {
	return p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed
}

// IsPodTerminating models controller.IsPodTerminating: being deleted but
// not yet in a terminal phase.
func IsPodTerminating(p *api.Pod) bool {
	return !IsPodTerminal(p) && p.DeletionTimestamp != nil
}

// FilterActivePods models controller.FilterActivePods.
func FilterActivePods(pods []*api.Pod) []*api.Pod {
	var out []*api.Pod
	if len(pods) > 0 {
		out = make([]*api.Pod, 0, len(pods)) // nearly all are, usually
	}
	for _, p := range pods {
		if IsPodActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// countTerminatingPods models controller.CountTerminatingPods.
func countTerminatingPods(pods []*api.Pod) int32 {
	var n int32
	for _, p := range pods {
		if IsPodTerminating(p) {
			n++
		}
	}
	return n
}

// FilterPodsByOwner models controller.FilterPodsByOwner: the pods in the
// owner's namespace whose controller reference is the owner (kind, name and
// uid, as the podControllerIndex key), plus the orphans (no controller
// reference) if includeOrphans. Upstream reads an informer index; the cache
// here has none, so this is one pass over the namespace, in key order.
func FilterPodsByOwner(pods *Store, owner *api.ObjectMeta, ownerKind string, includeOrphans bool) ([]*api.Pod, error) {
	switch {
	case owner.Namespace == "":
		return nil, fmt.Errorf("no owner namespace provided")
	case owner.Name == "":
		return nil, fmt.Errorf("no owner name provided")
	case owner.UID == "":
		return nil, fmt.Errorf("no owner uid provided")
	case ownerKind == "":
		return nil, fmt.Errorf("no owner kind provided")
	}
	// The controller and orphan indexes give the candidates; merging the
	// two key-sorted lists keeps the namespace's key order.
	controlled := pods.ListControlledBy(owner.UID)
	var owned []*api.Pod
	if len(controlled) > 0 {
		owned = make([]*api.Pod, 0, len(controlled))
	}
	for _, obj := range controlled {
		p := obj.(*api.Pod)
		if ref := p.ControllerRef(); p.Namespace == owner.Namespace && ref.Kind == ownerKind && ref.Name == owner.Name {
			owned = append(owned, p)
		}
	}
	if !includeOrphans {
		return owned, nil
	}
	orphans := pods.ListOrphans(owner.Namespace)
	out := make([]*api.Pod, 0, len(owned)+len(orphans))
	i := 0
	for _, obj := range orphans {
		p := obj.(*api.Pod)
		for i < len(owned) && KeyOf(owned[i]) < KeyOf(p) {
			out = append(out, owned[i])
			i++
		}
		out = append(out, p)
	}
	return append(out, owned[i:]...), nil
}

// GetPodCondition models podutil.GetPodCondition: the index and a pointer
// to the condition of the given type, or -1 and nil.
func GetPodCondition(status *api.PodStatus, t api.PodConditionType) (int, *api.PodCondition) {
	if status == nil {
		return -1, nil
	}
	for i := range status.Conditions {
		if status.Conditions[i].Type == t {
			return i, &status.Conditions[i]
		}
	}
	return -1, nil
}

// GetPodReadyCondition models podutil.GetPodReadyCondition.
func GetPodReadyCondition(status *api.PodStatus) *api.PodCondition {
	_, c := GetPodCondition(status, api.PodReady)
	return c
}

// IsPodReadyConditionTrue models podutil.IsPodReadyConditionTrue.
func IsPodReadyConditionTrue(status *api.PodStatus) bool {
	c := GetPodReadyCondition(status)
	return c != nil && c.Status == api.ConditionTrue
}

// IsPodReady models podutil.IsPodReady: the Ready condition is True.
func IsPodReady(p *api.Pod) bool { return IsPodReadyConditionTrue(&p.Status) }

// IsPodAvailable models podutil.IsPodAvailable (pkg/api/v1/pod/util.go,
// v1.37): ready, and either minReadySeconds is 0 or the Ready condition's
// lastTransitionTime plus minReadySeconds is at or before now
// (Compare(now) <= 0): a pod ready for exactly minReadySeconds is
// available. A zero transition time never counts as available when
// minReadySeconds > 0. (kubectl's own copy in kubectl/pkg/util/podutils
// still says Before, but no kubectl command calls it: kubectl reads
// availability from the controllers' status.)
func IsPodAvailable(p *api.Pod, minReadySeconds int32, now time.Time) bool {
	if !IsPodReady(p) {
		return false
	}
	if minReadySeconds == 0 {
		return true
	}
	c := GetPodReadyCondition(&p.Status)
	d := time.Duration(minReadySeconds) * time.Second
	return !c.LastTransitionTime.IsZero() && c.LastTransitionTime.Add(d).Compare(now) <= 0
}

// PodReadyTime models controller_utils.go podReadyTime: when the pod last
// became ready, or the zero time when it is not ready.
func PodReadyTime(p *api.Pod) time.Time {
	if IsPodReady(p) {
		if c := GetPodReadyCondition(&p.Status); c != nil && c.Status == api.ConditionTrue {
			return c.LastTransitionTime.Time
		}
	}
	return time.Time{}
}

// NextPodAvailabilityCheck models controller_utils.go
// nextPodAvailabilityCheck: how long until a ready pod becomes available
// (lastTransitionTime + minReadySeconds - now), and false when the pod is
// not ready, minReadySeconds is 0, the transition time is unknown, or that
// moment is not in the future.
func NextPodAvailabilityCheck(p *api.Pod, minReadySeconds int32, now time.Time) (time.Duration, bool) {
	if !IsPodReady(p) || minReadySeconds <= 0 {
		return 0, false
	}
	c := GetPodReadyCondition(&p.Status)
	if c.LastTransitionTime.IsZero() {
		return 0, false
	}
	next := c.LastTransitionTime.Add(time.Duration(minReadySeconds) * time.Second).Sub(now)
	if next > 0 {
		return next, true
	}
	return 0, false
}

// FindMinNextPodAvailabilitySimpleCheck models the function of that name:
// the earliest NextPodAvailabilityCheck among pods and the pod it belongs
// to (the first such pod on ties).
func FindMinNextPodAvailabilitySimpleCheck(pods []*api.Pod, minReadySeconds int32, now time.Time) (time.Duration, *api.Pod, bool) {
	var best time.Duration
	var bestPod *api.Pod
	for _, p := range pods {
		if next, ok := NextPodAvailabilityCheck(p, minReadySeconds, now); ok && (bestPod == nil || next < best) {
			best, bestPod = next, p
		}
	}
	return best, bestPod, bestPod != nil
}

// FindMinNextPodAvailabilityCheck models the function of that name: the
// simple check made at lastOwnerStatusEvaluation (when the owner's status
// was computed), re-evaluated for the chosen pod at the clock's now; if that
// pod has become available in between, check again at once (0).
func FindMinNextPodAvailabilityCheck(pods []*api.Pod, minReadySeconds int32, lastOwnerStatusEvaluation time.Time, c clock.Source) (time.Duration, bool) {
	_, pod, ok := FindMinNextPodAvailabilitySimpleCheck(pods, minReadySeconds, lastOwnerStatusEvaluation)
	if !ok {
		return 0, false
	}
	if next, ok := NextPodAvailabilityCheck(pod, minReadySeconds, c.Now()); ok {
		return next, true
	}
	return 0, true
}

// GetDeletionCostFromPodAnnotations models the core/v1 helper: the
// pod-deletion-cost annotation as an int32, 0 when absent; a value with a
// "+" sign, leading zeros or out of int32 range is an error (and cost 0).
func GetDeletionCostFromPodAnnotations(annotations map[string]string) (int32, error) {
	v, ok := annotations[PodDeletionCostAnnotation]
	if !ok {
		return 0, nil
	}
	if !validFirstDigit(v) {
		return 0, fmt.Errorf("invalid value %q", v)
	}
	i, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0, err
	}
	return int32(i), nil
}

func validFirstDigit(s string) bool {
	if s == "" {
		return false
	}
	return s[0] == '-' || s == "0" || (s[0] >= '1' && s[0] <= '9')
}

// podPhaseToOrdinal models the map of that name: Pending < Unknown <
// Running; any other phase counts as 0.
func podPhaseToOrdinal(p api.PodPhase) int {
	switch p {
	case api.PodUnknown:
		return 1
	case api.PodRunning:
		return 2
	}
	return 0
}

// RankReason names the rule of ActivePodsWithRanks that decided a
// comparison, for decision records ("why was this pod deleted first?").
type RankReason string

// The rules, in the order ActivePodsWithRanks.Less applies them.
const (
	RankUnassigned   RankReason = "unassigned before assigned"
	RankPhase        RankReason = "Pending < Unknown < Running"
	RankNotReady     RankReason = "not ready before ready"
	RankDeletionCost RankReason = "lower pod-deletion-cost first"
	RankColocated    RankReason = "more pods of the same owner on its node first"
	RankReadyTime    RankReason = "ready more recently first (log2 buckets)"
	RankReadyUID     RankReason = "same ready-time bucket: lower uid first"
	RankRestarts     RankReason = "more container restarts first"
	RankCreated      RankReason = "newer first (log2 buckets)"
	RankCreatedUID   RankReason = "same creation bucket: lower uid first"
	RankEqual        RankReason = "equal"
)

// ActivePodsWithRanks models the sort.Interface of that name: the order in
// which pods are deleted when scaling down (first = deleted first). Rank[i]
// is the number of active pods of the same owner on Pods[i]'s node; Now is
// the instant the logarithmic buckets are measured from (zero disables
// them). LogarithmicScaleDown and PodDeletionCost are on, as in v1.37.
type ActivePodsWithRanks struct {
	Pods []*api.Pod
	Rank []int
	Now  time.Time
}

func (s ActivePodsWithRanks) Len() int { return len(s.Pods) }

func (s ActivePodsWithRanks) Swap(i, j int) {
	s.Pods[i], s.Pods[j] = s.Pods[j], s.Pods[i]
	s.Rank[i], s.Rank[j] = s.Rank[j], s.Rank[i]
}

// Less reports whether Pods[i] should be deleted before Pods[j].
func (s ActivePodsWithRanks) Less(i, j int) bool {
	less, _ := s.LessReason(i, j)
	return less
}

// LessReason is Less plus the rule that decided it (RankEqual when no rule
// separates the two pods). The rules, first difference wins:
//  1. unassigned < assigned;
//  2. Pending < Unknown < Running;
//  3. not ready < ready;
//  4. lower pod-deletion-cost < higher;
//  5. higher rank (more co-located pods) < lower;
//  6. both ready: more recently ready < earlier, by floor(log2(ns since
//     ready)), equal buckets by uid; a zero time counts as most recent;
//  7. more restarts (max over regular containers) < fewer; equal: more
//     sidecar restarts (max over restartable init containers) < fewer;
//  8. newer < older by creation time, in log2 buckets with the uid
//     tie-break; a zero time counts as newest.
func (s ActivePodsWithRanks) LessReason(i, j int) (bool, RankReason) {
	pi, pj := s.Pods[i], s.Pods[j]
	// 1.
	if pi.Spec.NodeName != pj.Spec.NodeName && (pi.Spec.NodeName == "" || pj.Spec.NodeName == "") {
		return pi.Spec.NodeName == "", RankUnassigned
	}
	// 2.
	if oi, oj := podPhaseToOrdinal(pi.Status.Phase), podPhaseToOrdinal(pj.Status.Phase); oi != oj {
		return oi < oj, RankPhase
	}
	// 3.
	ri, rj := IsPodReady(pi), IsPodReady(pj)
	if ri != rj {
		return !ri, RankNotReady
	}
	// 4.
	ci, _ := GetDeletionCostFromPodAnnotations(pi.Annotations)
	cj, _ := GetDeletionCostFromPodAnnotations(pj.Annotations)
	if ci != cj {
		return ci < cj, RankDeletionCost
	}
	// 5.
	if s.Rank[i] != s.Rank[j] {
		return s.Rank[i] > s.Rank[j], RankColocated
	}
	// 6.
	if ri && rj {
		ti, tj := PodReadyTime(pi), PodReadyTime(pj)
		if !ti.Equal(tj) {
			if s.Now.IsZero() || ti.IsZero() || tj.IsZero() {
				return afterOrZero(ti, tj), RankReadyTime
			}
			d := logarithmicRankDiff(ti, tj, s.Now)
			if d == 0 {
				return pi.UID < pj.UID, RankReadyUID
			}
			return d < 0, RankReadyTime
		}
	}
	// 7.
	if more, ok := compareMaxContainerRestarts(pi, pj); ok {
		return more, RankRestarts
	}
	// 8.
	ti, tj := pi.CreationTimestamp.Time, pj.CreationTimestamp.Time
	if !ti.Equal(tj) {
		if s.Now.IsZero() || ti.IsZero() || tj.IsZero() {
			return afterOrZero(ti, tj), RankCreated
		}
		d := logarithmicRankDiff(ti, tj, s.Now)
		if d == 0 {
			return pi.UID < pj.UID, RankCreatedUID
		}
		return d < 0, RankCreated
	}
	return false, RankEqual
}

// afterOrZero models the function of that name: t1 after t2, where a zero
// time counts as after any other.
func afterOrZero(t1, t2 time.Time) bool {
	if t1.IsZero() || t2.IsZero() {
		return t1.IsZero()
	}
	return t1.After(t2)
}

// LogarithmicRank is floor(log2(nanoseconds from t to now)), or -1 when t
// is not before now: the bucket logarithmicRankDiff compares.
func LogarithmicRank(t, now time.Time) int64 {
	d := now.Sub(t)
	if d <= 0 {
		return -1
	}
	return int64(math.Log2(float64(d)))
}

// logarithmicRankDiff models the function of that name.
func logarithmicRankDiff(t1, t2, now time.Time) int64 {
	return LogarithmicRank(t1, now) - LogarithmicRank(t2, now)
}

// MaxContainerRestarts models the function of that name
// (pkg/controller/controller_utils.go, v1.37): the highest restart count
// over the regular containers, and separately over the restartable init
// containers (sidecars: spec.initContainers with restartPolicy Always,
// matched to status.initContainerStatuses by name). A plain init
// container's restarts count in neither.
func MaxContainerRestarts(p *api.Pod) (regular, sidecar int) {
	for _, c := range p.Status.ContainerStatuses {
		regular = max(regular, int(c.RestartCount))
	}
	sidecars := map[string]bool{}
	for _, c := range p.Spec.InitContainers {
		if c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways {
			sidecars[c.Name] = true
		}
	}
	for _, c := range p.Status.InitContainerStatuses {
		if sidecars[c.Name] {
			sidecar = max(sidecar, int(c.RestartCount))
		}
	}
	return regular, sidecar
}

// compareMaxContainerRestarts models the function of that name: the regular
// containers' maximum decides; only when it is equal does the sidecars'
// maximum. ok is false when both are equal.
func compareMaxContainerRestarts(pi, pj *api.Pod) (more, ok bool) {
	ri, si := MaxContainerRestarts(pi)
	rj, sj := MaxContainerRestarts(pj)
	if ri != rj {
		return ri > rj, true
	}
	if si != sj {
		return si > sj, true
	}
	return false, false
}

// HasStatusCause models apierrors.HasStatusCause.
func HasStatusCause(err error, cause string) bool {
	se, ok := apiserver.AsStatusError(err)
	if !ok || se.Details == nil {
		return false
	}
	for _, c := range se.Details.Causes {
		if c.Type == cause {
			return true
		}
	}
	return false
}
