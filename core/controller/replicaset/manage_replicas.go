// manageReplicas and what it leans on, from replica_set.go upstream: the
// creates (slowStartBatch, the burst cap) and deletes one sync makes, which
// pods are deleted first (getPodsToDelete, ranked by related pods on the
// same node), and the decision records that explain both.

package replicaset

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// manageReplicas models the method of that name: create or delete the
// difference between the active pods and spec.replicas, at most
// BurstReplicas at a time, and set expectations for what it did. b holds
// what the sync listed; a throttled error means the client held the batch
// back midway, and b holds the rest of it.
func (rsc *ReplicaSetController) manageReplicas(key string, b *batch, ds *controller.Decisions) error {
	// have is the claimed pods' count; the pods themselves are there
	// whenever it differs from want (fromChanges keeps only counts that
	// equal it).
	activePods, have, rs, want := b.claims.activePods, b.claims.replicas(), b.rs, b.want
	diff := have - int(want)
	inputs := []controller.Input{
		{Name: "active pods", Value: fmt.Sprint(have)},
		{Name: "spec.replicas", Value: fmt.Sprint(want)},
		{Name: "burstReplicas", Value: fmt.Sprint(rsc.BurstReplicas)},
	}
	formula := fmt.Sprintf("diff = active %d − spec.replicas %d = %d", have, want, diff)
	switch {
	case diff < 0:
		n := min(-diff, rsc.BurstReplicas)
		ds.Add("manageReplicas", formula, createSentence(n, -diff, rsc.BurstReplicas), inputs...).
			Say("replicaset.create", controller.Count("have", have), controller.Count("want", want), controller.Count("n", n))
		// Expect every creation before making any: the informer may see
		// a pod before the create returns.
		rsc.expectations.ExpectCreations(key, n)
		b.creates = newSlowStart(n, SlowStartInitialBatchSize)
		return rsc.sendCreates(key, b, ds)
	case diff > 0:
		n := min(diff, rsc.BurstReplicas)
		ds.Add("manageReplicas", formula, fmt.Sprintf("delete %d pods%s", n, burstNote(diff, rsc.BurstReplicas)), inputs...).
			Say("replicaset.delete", controller.Count("have", have), controller.Count("want", want), controller.Count("n", n))
		toDelete, why := getPodsToDelete(&rsc.rankSorter, controller.Pods(activePods), func(visit func(*api.Pod)) { rsc.getIndirectlyRelatedPods(rs, visit) }, n, rsc.ctx.Clock.Now())
		ds.Add("getPodsToDelete", why.formula, why.result).
			Say("replicaset.pickPodsToDelete", controller.Count("n", n))
		keys := make([]string, len(toDelete))
		for i, p := range toDelete {
			keys[i] = controller.PodKey(p)
		}
		// Expect the deletions by pod key, so each is counted once whether
		// it is first seen as a deletionTimestamp or as the delete itself.
		rsc.expectations.ExpectDeletions(key, keys)
		b.deletes, b.deleteCount = toDelete, len(toDelete)
		return rsc.sendDeletes(key, b, ds)
	}
	ds.Add("manageReplicas", formula, "nothing to do", inputs...).
		Say("replicaset.inSync", controller.Count("want", want))
	return nil
}

// sendCreates runs b's slow start as far as the client lets it: it returns
// a throttled error while creates are left to send, else what
// slowStartBatch returns.
func (rsc *ReplicaSetController) sendCreates(key string, b *batch, ds *controller.Decisions) error {
	s, rs := b.creates, b.rs
	first := s.attempted() == 0
	before := s.successes - b.refused
	ref := controller.NewControllerRef(rs)
	var created []string
	done, err := s.run(func() error {
		pod, err := rsc.podControl.CreatePods(rs.Namespace, &rs.Spec.Template, rs, ref)
		if err != nil {
			if controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
				// Every create will fail while the namespace goes
				// away: upstream counts this one as done (no
				// FailedCreate event, no error, expectations kept).
				b.refused++
				return nil
			}
			return err
		}
		created = append(created, pod.Name)
		return nil
	})
	made := s.successes - b.refused
	result := fmt.Sprintf("created %d of %d: %s", made, s.count, nameList(created))
	if !first {
		result = fmt.Sprintf("created %d more, %d of %d in all: %s", made-before, made, s.count, nameList(created))
	}
	if b.refused > 0 {
		result += fmt.Sprintf("; %d refused because namespace %s is being terminated, counted as done (no FailedCreate, expectations kept)", b.refused, rs.Namespace)
	}
	te, throttled := controller.IsThrottled(err)
	switch {
	case throttled:
		result += fmt.Sprintf("; the client's next request waits %s for a token: %d not sent yet; the sync sends them when the client may send again",
			te.Wait.Round(time.Millisecond), s.count-s.attempted())
	case done && err != nil:
		// The informer will never see these: stop waiting for them.
		skipped := s.count - s.successes
		for range skipped {
			rsc.expectations.CreationObserved(key)
		}
		result += fmt.Sprintf("; stopped at the first failed batch (%v); %d skipped, expectations lowered by %d", err, skipped, skipped)
	}
	d := ds.Add("slowStartBatch", "batch sizes "+intList(s.batches)+" (start at 1, double after each batch that fully succeeds)", result)
	if throttled {
		// Upstream's workers would sit in Wait with the rest of the
		// batch; here the sync stops, and goes on when the bucket allows.
		d.Say("replicaset.slowStartThrottled", controller.Count("created", made), controller.Count("n", s.count))
	} else {
		d.Say("replicaset.slowStart", controller.Count("created", made), controller.Count("n", s.count))
	}
	return err
}

// sendDeletes sends b's chosen deletes as far as the client lets it: it
// returns a throttled error while deletes are left to send, else the
// first that failed (a pod already gone is no failure).
func (rsc *ReplicaSetController) sendDeletes(key string, b *batch, ds *controller.Decisions) error {
	sent := 0
	var throttled *controller.ThrottledError
	for _, p := range b.deletes {
		if err := rsc.podControl.DeletePod(b.rs.Namespace, p.Name, b.rs); err != nil {
			if te, ok := controller.IsThrottled(err); ok {
				throttled = te
				break
			}
			// The informer will not see this deletion.
			rsc.expectations.DeletionObserved(key, controller.PodKey(p))
			if !apiserver.IsNotFound(err) && b.deleteErr == nil {
				b.deleteErr = err
			}
		}
		sent++
	}
	b.deletes = b.deletes[sent:]
	if throttled != nil {
		done := b.deleteCount - len(b.deletes)
		ds.Add("DeletePod", fmt.Sprintf("%d deletes sent, %d of %d in all", sent, done, b.deleteCount),
			fmt.Sprintf("the client's next request waits %s for a token: %d deletes not sent yet; the sync sends them when the client may send again", throttled.Wait.Round(time.Millisecond), len(b.deletes))).
			Say("replicaset.deleteThrottled", controller.Count("deleted", done), controller.Count("n", b.deleteCount))
		return throttled
	}
	return b.deleteErr
}

func createSentence(n, missing, burst int) string {
	return fmt.Sprintf("create %d pods%s", n, burstNote(missing, burst))
}

func burstNote(want, burst int) string {
	if want > burst {
		return fmt.Sprintf(" (%d needed, capped at burstReplicas %d)", want, burst)
	}
	return ""
}

// getIndirectlyRelatedPods models the method of that name: the pods
// selected by any ReplicaSet with the same controller as rs, each pod once.
// Upstream collects them in a list and dedupes by uid; the only use is
// counting them per node, so here each is handed to visit instead: a
// rollout of 10,000 pods would build a list and a uid set of 20,000 at
// every scale-down sync. A pod is skipped when an earlier ReplicaSet of
// the same namespace selected it already, which is the same dedup (a cache
// holds one object per key and distinct objects have distinct uids).
func (rsc *ReplicaSetController) getIndirectlyRelatedPods(rs *api.ReplicaSet, visit func(*api.Pod)) {
	type listed struct {
		namespace string
		sel       labels.Selector
	}
	var done []listed
	for _, r := range rsc.getReplicaSetsWithSameController(rs) {
		sel, err := labels.SelectorFromLabelSelector(r.Spec.Selector)
		if err != nil {
			continue
		}
		for obj := range rsc.podLister.All(r.Namespace, sel) {
			p := obj.(*api.Pod)
			if !slices.ContainsFunc(done, func(l listed) bool {
				return l.namespace == p.Namespace && l.sel.Matches(labels.Set(p.Labels))
			}) {
				visit(p)
			}
		}
		done = append(done, listed{r.Namespace, sel})
	}
}

// deletionExplanation is what getPodsToDelete decided, for the record.
type deletionExplanation struct{ formula, result string }

// getPodsToDelete models the function of that name: when only some pods
// go, rank them with ActivePodsWithRanks (ranks from related pods on the
// same node) and take the first diff; when all go, take them as they are.
// filteredPods is reordered in place, as upstream's sort.Sort does.
// relatedPods visits the related pods (getIndirectlyRelatedPods), only when
// a ranking is needed.
func getPodsToDelete(sorter *controller.PodRankSorter, filteredPods []*api.Pod, relatedPods func(visit func(*api.Pod)), diff int, now time.Time) ([]*api.Pod, deletionExplanation) {
	if diff >= len(filteredPods) {
		return filteredPods[:diff], deletionExplanation{
			formula: fmt.Sprintf("deleting all %d active pods: no ranking", len(filteredPods)),
			result:  "delete " + nameList(podNames(filteredPods[:diff])),
		}
	}
	ranked := getPodsRankedByRelatedPodsOnSameNode(filteredPods, relatedPods, now)
	sorter.Sort(ranked)
	return filteredPods[:diff], explainDeletion(ranked, diff, now)
}

// getPodsRankedByRelatedPodsOnSameNode models the function of that name:
// each pod's rank is the number of active related pods on its node.
func getPodsRankedByRelatedPodsOnSameNode(podsToRank []*api.Pod, relatedPods func(visit func(*api.Pod)), now time.Time) controller.ActivePodsWithRanks {
	podsOnNode := map[string]int{}
	relatedPods(func(p *api.Pod) {
		if controller.IsPodActive(p) {
			podsOnNode[p.Spec.NodeName]++
		}
	})
	ranks := make([]int, len(podsToRank))
	for i, p := range podsToRank {
		ranks[i] = podsOnNode[p.Spec.NodeName]
	}
	return controller.ActivePodsWithRanks{Pods: podsToRank, Rank: ranks, Now: now}
}

// maxExplained bounds how many chosen pods a decision spells out.
const maxExplained = 10

// explainDeletion says, for each pod chosen, which ranking rule put it
// ahead of the first pod that stays.
func explainDeletion(s controller.ActivePodsWithRanks, diff int, now time.Time) deletionExplanation {
	keep := s.Pods[diff]
	var parts []string
	for i := range min(diff, maxExplained) {
		_, why := s.LessReason(i, diff)
		parts = append(parts, fmt.Sprintf("%s (%s)", s.Pods[i].Name, describeRank(s, i, diff, why, now)))
	}
	if diff > maxExplained {
		parts = append(parts, fmt.Sprintf("… and %d more", diff-maxExplained))
	}
	return deletionExplanation{
		formula: fmt.Sprintf("rank %d active pods with ActivePodsWithRanks, delete the first %d; compared with %s, the first pod kept", len(s.Pods), diff, keep.Name),
		result:  "delete " + strings.Join(parts, ", "),
	}
}

// describeRank renders the rule that put Pods[i] before Pods[j].
func describeRank(s controller.ActivePodsWithRanks, i, j int, why controller.RankReason, now time.Time) string {
	pi, pj := s.Pods[i], s.Pods[j]
	switch why {
	case controller.RankUnassigned:
		return "unassigned; kept pod is on " + pj.Spec.NodeName
	case controller.RankPhase:
		return fmt.Sprintf("%s < %s", phaseName(pi), phaseName(pj))
	case controller.RankNotReady:
		return "not ready"
	case controller.RankDeletionCost:
		ci, _ := controller.GetDeletionCostFromPodAnnotations(pi.Annotations)
		cj, _ := controller.GetDeletionCostFromPodAnnotations(pj.Annotations)
		return fmt.Sprintf("pod-deletion-cost %d < %d", ci, cj)
	case controller.RankColocated:
		return fmt.Sprintf("%d pods of the same owner on node %q vs %d", s.Rank[i], pi.Spec.NodeName, s.Rank[j])
	case controller.RankReadyTime, controller.RankReadyUID:
		ti, tj := controller.PodReadyTime(pi), controller.PodReadyTime(pj)
		return fmt.Sprintf("ready %s ago, log2 bucket %d vs %d%s", now.Sub(ti), controller.LogarithmicRank(ti, now),
			controller.LogarithmicRank(tj, now), uidNote(why == controller.RankReadyUID, pi, pj))
	case controller.RankRestarts:
		ri, si := controller.MaxContainerRestarts(pi)
		rj, sj := controller.MaxContainerRestarts(pj)
		if ri == rj {
			return fmt.Sprintf("%d restarts each; sidecar restarts %d vs %d", ri, si, sj)
		}
		return fmt.Sprintf("%d restarts vs %d", ri, rj)
	case controller.RankCreated, controller.RankCreatedUID:
		ti, tj := pi.CreationTimestamp.Time, pj.CreationTimestamp.Time
		return fmt.Sprintf("created %s ago, log2 bucket %d vs %d%s", now.Sub(ti), controller.LogarithmicRank(ti, now),
			controller.LogarithmicRank(tj, now), uidNote(why == controller.RankCreatedUID, pi, pj))
	}
	return "ranks equal to the kept pod: list order"
}

func uidNote(on bool, pi, pj *api.Pod) string {
	if !on {
		return ""
	}
	return fmt.Sprintf("; same bucket, uid %.8s < %.8s", pi.UID, pj.UID)
}

func phaseName(p *api.Pod) string {
	if p.Status.Phase == "" {
		return "Pending"
	}
	return string(p.Status.Phase)
}
