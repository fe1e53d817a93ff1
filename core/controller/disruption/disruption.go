// Package disruption models the disruption controller
// (pkg/controller/disruption/disruption.go), which keeps every
// PodDisruptionBudget's status: the pods it selects, how many of them are
// healthy (Ready, not being deleted, not just evicted), how many must be
// (minAvailable, or the controllers' scale less maxUnavailable; a
// percentage is of the pods' controllers' replicas, rounded up), and so
// how many disruptions are allowed now, with the DisruptionAllowed
// condition (SufficientPods / InsufficientPods). The eviction API
// (core/apiserver/eviction.go) spends the budget; an evicted pod stays in
// status.disruptedPods, counted as gone, until it is deleted or 2 minutes
// pass (DeletionTimeout).
package disruption

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's event source.
const Name = "controllermanager"

// DeletionTimeout is how long an evicted pod counts as disrupted.
const DeletionTimeout = 2 * time.Minute

var (
	pdbKind = api.KindOf(&api.PodDisruptionBudget{})
	podKind = api.KindOf(&api.Pod{})
	rsKind  = api.KindOf(&api.ReplicaSet{})
	depKind = api.KindOf(&api.Deployment{})
)

// Controller is the disruption controller.
type Controller struct {
	server   *apiserver.Server
	queue    *controller.Queue
	clock    clock.Source
	recorder *controller.Recorder
	pdbs     *controller.Store
	pods     *controller.Store
	rss      *controller.Store
	deps     *controller.Store
}

// New returns the controller.
func New(ctx *controller.Context) *Controller {
	in := ctx.Informers
	c := &Controller{server: ctx.Server, queue: ctx.NewQueue(), clock: ctx.Clock, recorder: ctx.Recorder(Name, ""),
		pdbs: in.Lister(pdbKind), pods: in.Lister(podKind), rss: in.Lister(rsKind), deps: in.Lister(depKind)}
	pdb := func(obj api.Object) { c.queue.Add(controller.KeyOf(obj)) }
	in.AddHandler(pdbKind, controller.Handler{Add: pdb, Update: func(_, cur api.Object) { pdb(cur) }})
	// addPod, updatePod, deletePod: the budgets selecting the pod.
	pod := func(obj api.Object) {
		for _, key := range c.pdbsFor(obj.(*api.Pod)) {
			c.queue.Add(key)
		}
	}
	in.AddHandler(podKind, controller.Handler{Add: pod, Update: func(old, cur api.Object) { pod(old); pod(cur) }, Delete: pod})
	// A controller's scale changes the expected count.
	scale := func(obj api.Object) {
		for _, key := range c.pdbs.Keys() {
			if ns, _ := controller.SplitKey(key); ns == obj.GetObjectMeta().Namespace {
				c.queue.Add(key)
			}
		}
	}
	in.AddHandler(depKind, controller.Handler{Update: func(_, cur api.Object) { scale(cur) }})
	in.AddHandler(rsKind, controller.Handler{Update: func(_, cur api.Object) { scale(cur) }})
	return c
}

// pdbsFor models getPdbForPod: the keys of the budgets selecting pod.
func (c *Controller) pdbsFor(pod *api.Pod) []string {
	var keys []string
	for _, p := range controller.ListAs[*api.PodDisruptionBudget](c.pdbs, pod.Namespace, nil) {
		if p.Spec.Selector == nil {
			continue
		}
		if sel, err := labels.SelectorFromLabelSelector(p.Spec.Selector); err == nil && sel.Matches(labels.Set(pod.Labels)) {
			keys = append(keys, controller.KeyOf(p))
		}
	}
	return keys
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return "disruption-controller" }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: retried forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller: sync and trySync.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	obj, ok := c.pdbs.Get(key)
	if !ok {
		return nil
	}
	pdb := obj.(*api.PodDisruptionBudget)
	var pods []*api.Pod
	if pdb.Spec.Selector != nil {
		if sel, err := labels.SelectorFromLabelSelector(pdb.Spec.Selector); err == nil {
			pods = controller.ListAs[*api.Pod](c.pods, pdb.Namespace, sel)
		}
	}
	if len(pods) == 0 {
		c.recorder.Event(pdb, api.EventTypeNormal, "NoPods", "No matching pods found")
	}
	expected, desired, unmanaged, err := c.expectedPodCount(pdb, pods)
	if err != nil {
		c.recorder.Eventf(pdb, api.EventTypeWarning, "CalculateExpectedPodCountFailed", "Failed to calculate the number of expected pods: %v", err)
		return c.failSafe(pdb, err)
	}
	if len(unmanaged) > 0 {
		c.recorder.Eventf(pdb, api.EventTypeWarning, "UnmanagedPods", "Pods selected by this PodDisruptionBudget (selector: %v) were found "+
			"to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. "+
			"To account for these pods please set \".spec.minAvailable\" field of the PDB to an integer value.", labels.FormatLabelSelector(pdb.Spec.Selector))
	}
	now := c.clock.Now()
	disrupted, recheck := c.buildDisruptedPodMap(pods, pdb, now)
	healthy := countHealthyPods(pods, disrupted, now)
	allowed := healthy - desired
	if expected <= 0 || allowed <= 0 {
		allowed = 0
	}
	say := controller.Msg("disruption.allowed", controller.Count("healthy", healthy), controller.Count("desired", desired), controller.Count("allowed", allowed))
	if allowed == 0 {
		say = controller.Msg("disruption.noneAllowed", controller.Count("healthy", healthy), controller.Count("desired", desired))
	}
	ds.Add("trySync", fmt.Sprintf("%d pods selected, %d expected; healthy %d − desired %d", len(pods), expected, healthy, desired),
		fmt.Sprintf("disruptionsAllowed %d", allowed)).
		SayMessage(say)
	if recheck != nil {
		c.queue.AddAfter(key, recheck.Sub(now))
	}
	return c.updateStatus(pdb, healthy, desired, expected, allowed, disrupted)
}

// expectedPodCount models getExpectedPodCount.
func (c *Controller) expectedPodCount(pdb *api.PodDisruptionBudget, pods []*api.Pod) (expected, desired int32, unmanaged []string, err error) {
	switch {
	case pdb.Spec.MaxUnavailable != nil:
		expected, unmanaged, err = c.expectedScale(pods)
		if err != nil {
			return
		}
		maxU := scaledValue(*pdb.Spec.MaxUnavailable, expected)
		desired = max(expected-maxU, 0)
	case pdb.Spec.MinAvailable != nil && !pdb.Spec.MinAvailable.IsString:
		desired, expected = pdb.Spec.MinAvailable.IntVal, int32(len(pods))
	case pdb.Spec.MinAvailable != nil:
		expected, unmanaged, err = c.expectedScale(pods)
		if err != nil {
			return
		}
		desired = scaledValue(*pdb.Spec.MinAvailable, expected)
	}
	return
}

// scaledValue is intstr.GetScaledValueFromIntOrPercent rounding up.
func scaledValue(v api.IntOrString, total int32) int32 {
	if !v.IsString {
		return v.IntVal
	}
	var pct int
	fmt.Sscanf(v.StrVal, "%d%%", &pct)
	return int32(math.Ceil(float64(pct) * float64(total) / 100))
}

// expectedScale models getExpectedScale with the Deployment and
// ReplicaSet finders (getPodDeployment before getPodReplicaSet).
func (c *Controller) expectedScale(pods []*api.Pod) (int32, []string, error) {
	scales := map[string]int32{}
	seen := map[string]bool{}
	var unmanaged []string
	for _, p := range pods {
		ref := p.ControllerRef()
		if ref == nil {
			unmanaged = append(unmanaged, p.Name)
			continue
		}
		if seen[ref.UID] {
			continue
		}
		seen[ref.UID] = true
		if ref.Kind != "ReplicaSet" {
			return 0, nil, fmt.Errorf("found no controllers for pod %q", p.Name)
		}
		rs, ok := controller.GetAs[*api.ReplicaSet](c.rss, p.Namespace, ref.Name)
		if !ok || rs.UID != ref.UID {
			return 0, nil, fmt.Errorf("found no controllers for pod %q", p.Name)
		}
		if dref := rs.ControllerRef(); dref != nil && dref.Kind == "Deployment" {
			if d, ok := controller.GetAs[*api.Deployment](c.deps, p.Namespace, dref.Name); ok && d.UID == dref.UID {
				scales[d.UID] = *d.Spec.Replicas
				continue
			}
		}
		scales[rs.UID] = *rs.Spec.Replicas
	}
	var total int32
	uids := make([]string, 0, len(scales))
	for u := range scales {
		uids = append(uids, u)
	}
	sort.Strings(uids)
	for _, u := range uids {
		total += scales[u]
	}
	return total, unmanaged, nil
}

// buildDisruptedPodMap models the function of that name.
func (c *Controller) buildDisruptedPodMap(pods []*api.Pod, pdb *api.PodDisruptionBudget, now time.Time) (map[string]api.Time, *time.Time) {
	out := map[string]api.Time{}
	var recheck *time.Time
	if pdb.Status.DisruptedPods == nil {
		return out, nil
	}
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		t, ok := pdb.Status.DisruptedPods[p.Name]
		if !ok {
			continue
		}
		expected := t.Add(DeletionTimeout)
		if expected.Before(now) {
			c.recorder.Eventf(p, api.EventTypeWarning, "NotDeleted", "Pod was expected by PDB %s/%s to be deleted but it wasn't", pdb.Namespace, pdb.Namespace)
			continue
		}
		if recheck == nil || expected.Before(*recheck) {
			recheck = &expected
		}
		out[p.Name] = t
	}
	return out, recheck
}

// countHealthyPods models the function of that name.
func countHealthyPods(pods []*api.Pod, disrupted map[string]api.Time, now time.Time) int32 {
	var n int32
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		if t, ok := disrupted[p.Name]; ok && t.Add(DeletionTimeout).After(now) {
			continue
		}
		if controller.IsPodReady(p) {
			n++
		}
	}
	return n
}

// updateStatus models updatePdbStatus.
func (c *Controller) updateStatus(pdb *api.PodDisruptionBudget, healthy, desired, expected, allowed int32, disrupted map[string]api.Time) error {
	if len(disrupted) == 0 {
		disrupted = nil
	}
	st := pdb.Status
	upToDate := func() bool { // pdbhelper.ConditionsAreUpToDate
		for _, cond := range st.Conditions {
			if cond.Type == api.DisruptionAllowedCondition {
				if allowed > 0 {
					return cond.Status == api.ConditionTrue && cond.Reason == api.SufficientPodsReason
				}
				return cond.Status == api.ConditionFalse && cond.Reason == api.InsufficientPodsReason
			}
		}
		return false
	}
	if st.CurrentHealthy == healthy && st.DesiredHealthy == desired && st.ExpectedPods == expected &&
		st.DisruptionsAllowed == allowed && api.SemanticEqual(st.DisruptedPods, disrupted) &&
		st.ObservedGeneration == pdb.Generation && upToDate() {
		return nil
	}
	upd := api.DeepCopy(pdb)
	upd.Status = api.PodDisruptionBudgetStatus{CurrentHealthy: healthy, DesiredHealthy: desired, ExpectedPods: expected,
		DisruptionsAllowed: allowed, DisruptedPods: disrupted, ObservedGeneration: pdb.Generation, Conditions: upd.Status.Conditions}
	api.SetDisruptionAllowedCondition(upd, c.clock.Now())
	_, err := c.server.UpdateStatus(upd)
	return err
}

// failSafe models the function of that name: no disruption allowed, and
// the condition says why.
func (c *Controller) failSafe(pdb *api.PodDisruptionBudget, cause error) error {
	upd := api.DeepCopy(pdb)
	upd.Status.DisruptionsAllowed = 0
	found := false
	for i := range upd.Status.Conditions {
		if upd.Status.Conditions[i].Type == api.DisruptionAllowedCondition {
			cond := &upd.Status.Conditions[i]
			if cond.Status != api.ConditionFalse {
				cond.LastTransitionTime = api.NewTime(c.clock.Now())
			}
			cond.Status, cond.Reason, cond.Message, cond.ObservedGeneration = api.ConditionFalse, api.SyncFailedReason, cause.Error(), upd.Status.ObservedGeneration
			found = true
		}
	}
	if !found {
		upd.Status.Conditions = append(upd.Status.Conditions, api.Condition{Type: api.DisruptionAllowedCondition, Status: api.ConditionFalse,
			Reason: api.SyncFailedReason, Message: cause.Error(), ObservedGeneration: upd.Status.ObservedGeneration,
			LastTransitionTime: api.NewTime(c.clock.Now())})
	}
	_, err := c.server.UpdateStatus(upd)
	return err
}
