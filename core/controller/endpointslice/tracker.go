package endpointslice

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// deletionExpected marks a slice the controller has deleted
// (endpointsliceutil.deletionExpected).
const deletionExpected = -1

// sliceTracker models endpointsliceutil.EndpointSliceTracker: the
// generation of every slice this controller last wrote, per Service, so
// that the echo of its own writes does not trigger another sync while a
// change made by someone else does.
type sliceTracker struct {
	byService map[string]map[string]int64 // service key → slice uid → generation
}

func newSliceTracker() *sliceTracker { return &sliceTracker{byService: map[string]map[string]int64{}} }

func serviceKeyOf(s *api.EndpointSlice) string {
	return s.Namespace + "/" + s.Labels[LabelServiceName]
}

// has models EndpointSliceTracker.Has.
func (t *sliceTracker) has(s *api.EndpointSlice) bool {
	_, ok := t.byService[serviceKeyOf(s)][s.UID]
	return ok
}

// shouldSync models EndpointSliceTracker.ShouldSync: a slice we do not
// know, or one newer than we wrote.
func (t *sliceTracker) shouldSync(s *api.EndpointSlice) bool {
	g, ok := t.byService[serviceKeyOf(s)][s.UID]
	return !ok || s.Generation > g
}

// staleSlices models EndpointSliceTracker.StaleSlices: the cache is behind
// our writes when a slice is older than we wrote it, is still there after
// we deleted it, or is missing though we wrote it.
func (t *sliceTracker) staleSlices(svc *api.Service, slices []*api.EndpointSlice) bool {
	gens := t.byService[svc.Namespace+"/"+svc.Name]
	provided := map[string]bool{}
	for _, s := range slices {
		provided[s.UID] = true
		g, ok := gens[s.UID]
		if ok && (g == deletionExpected || g > s.Generation) {
			return true
		}
	}
	for uid, g := range gens {
		if g != deletionExpected && !provided[uid] {
			return true
		}
	}
	return false
}

// update models EndpointSliceTracker.Update.
func (t *sliceTracker) update(s *api.EndpointSlice) {
	key := serviceKeyOf(s)
	if t.byService[key] == nil {
		t.byService[key] = map[string]int64{}
	}
	t.byService[key][s.UID] = s.Generation
}

// expectDeletion models EndpointSliceTracker.ExpectDeletion.
func (t *sliceTracker) expectDeletion(s *api.EndpointSlice) {
	key := serviceKeyOf(s)
	if t.byService[key] == nil {
		t.byService[key] = map[string]int64{}
	}
	t.byService[key][s.UID] = deletionExpected
}

// handleDeletion models EndpointSliceTracker.HandleDeletion: it reports
// whether the deletion was ours.
func (t *sliceTracker) handleDeletion(s *api.EndpointSlice) bool {
	gens, ok := t.byService[serviceKeyOf(s)]
	if !ok {
		return true
	}
	g, ok := gens[s.UID]
	delete(gens, s.UID)
	return !ok || g == deletionExpected
}

// deleteService models EndpointSliceTracker.DeleteService.
func (t *sliceTracker) deleteService(namespace, name string) {
	delete(t.byService, namespace+"/"+name)
}

// TriggerTimeTracker models endpointsliceutil.TriggerTimeTracker (shared
// with the Endpoints controller): the
// last-change-trigger-time annotation is the earliest change (a pod's
// Ready transition, the Service's creation) not yet exported.
type TriggerTimeTracker struct {
	states map[string]triggerState
}

type triggerState struct {
	lastServiceTriggerTime time.Time
	lastPodTriggerTimes    map[string]time.Time
}

// NewTriggerTimeTracker models the function of that name.
func NewTriggerTimeTracker() *TriggerTimeTracker {
	return &TriggerTimeTracker{states: map[string]triggerState{}}
}

// ComputeEndpointLastChangeTriggerTime models the method of that name.
func (t *TriggerTimeTracker) ComputeEndpointLastChangeTriggerTime(svc *api.Service, pods []*api.Pod) time.Time {
	key := svc.Namespace + "/" + svc.Name
	state, known := t.states[key]
	var minChanged time.Time
	podTimes := map[string]time.Time{}
	for _, pod := range pods {
		var pt time.Time
		if c := controller.GetPodReadyCondition(&pod.Status); c != nil {
			pt = c.LastTransitionTime.Time
		}
		if pt.IsZero() {
			continue
		}
		podTimes[pod.Name] = pt
		if pt.After(state.lastPodTriggerTimes[pod.Name]) {
			minChanged = minTime(minChanged, pt)
		}
	}
	svcTime := svc.CreationTimestamp.Time
	if svcTime.After(state.lastServiceTriggerTime) {
		minChanged = minTime(minChanged, svcTime)
	}
	t.states[key] = triggerState{lastServiceTriggerTime: svcTime, lastPodTriggerTimes: podTimes}
	if !known {
		return svc.CreationTimestamp.Time
	}
	return minChanged
}

// DeleteService models the method of that name.
func (t *TriggerTimeTracker) DeleteService(namespace, name string) {
	delete(t.states, namespace+"/"+name)
}

func minTime(cur, v time.Time) time.Time {
	if cur.IsZero() || v.Before(cur) {
		return v
	}
	return cur
}
