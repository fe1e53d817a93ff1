package quota

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// Admission is the ResourceQuota admission plugin's evaluator
// (k8s.io/apiserver/pkg/admission/plugin/resourcequota: QuotaAdmission.Validate,
// quotaEvaluator.Evaluate and CheckRequest), for the API server's
// QuotaEvaluator seam. For a write that uses quota it:
//
//   - skips subresources, cluster-scoped objects and namespace creation;
//   - finds the namespace's quotas whose status.hard (what the quota
//     controller last published, not spec.hard) names a resource the
//     object uses; a quota the controller has not synced yet limits
//     nothing;
//   - refuses a pod that leaves a cpu/memory request or limit unset that
//     a quota tracks ("failed quota: ... must specify ...");
//   - refuses one whose usage would exceed a quota ("exceeded quota: ...");
//   - otherwise charges the quotas by writing their new status.used before
//     the object is stored, as upstream does, so the next write sees it.
type Admission struct {
	server   *apiserver.Server
	registry *Registry
	kind     *api.KindInfo
}

var _ apiserver.QuotaEvaluator = (*Admission)(nil)

// NewAdmission returns the evaluator for a server.
func NewAdmission(s *apiserver.Server) *Admission {
	k := api.ResourceQuotaKind
	return &Admission{server: s, registry: NewRegistry(), kind: k}
}

// Install switches quota enforcement on: it sets the Evaluator of the
// server's ResourceQuota plugin and returns it (nil if the chain has no
// such plugin).
func Install(s *apiserver.Server) *Admission {
	p, ok := s.FindPlugin("ResourceQuota").(*apiserver.ResourceQuota)
	if !ok {
		return nil
	}
	a := NewAdmission(s)
	p.Evaluator = a
	return a
}

// Evaluate implements apiserver.QuotaEvaluator.
func (q *Admission) Evaluate(a *apiserver.Attributes) error {
	if a.Subresource != "" || a.Namespace == "" || a.Kind == nil || !a.Kind.Namespaced {
		return nil
	}
	e := q.registry.Get(a.Kind)
	if e == nil || !e.Handles(string(a.Operation), a.Subresource) {
		return nil
	}
	list, err := q.server.List(q.kind, a.Namespace, nil)
	if err != nil || len(list.Items) == 0 {
		return nil
	}
	quotas := make([]*api.ResourceQuota, len(list.Items))
	for i, o := range list.Items {
		quotas[i] = o.(*api.ResourceQuota)
	}
	changed, err := q.checkRequest(quotas, a, e)
	if err != nil {
		return err
	}
	for _, rq := range changed { // quotaAccessor.UpdateQuotaStatus
		if _, err := q.server.UpdateStatus(rq); err != nil {
			return err
		}
	}
	return nil
}

// checkRequest models CheckRequest: it returns the quotas whose usage the
// request changes, with their new status.used, or the error refusing it.
func (q *Admission) checkRequest(quotas []*api.ResourceQuota, a *apiserver.Attributes, e Evaluator) ([]*api.ResourceQuota, error) {
	obj := a.Object
	var interesting []int
	for i, rq := range quotas {
		hard := ResourceNames(rq.Status.Hard)
		restricted := e.MatchingResources(hard)
		if len(restricted) == 0 { // Matches: no resource of this kind
			continue
		}
		if err := e.Constraints(restricted, obj); err != nil {
			return nil, apiserver.NewForbidden(a.Kind, a.Name, fmt.Errorf("failed quota: %s: %v", rq.Name, err))
		}
		if !hasUsageStats(rq, restricted) {
			return nil, apiserver.NewForbidden(a.Kind, a.Name, fmt.Errorf("status unknown for quota: %s, resources: %s",
				rq.Name, prettyPrintResourceNames(restricted)))
		}
		interesting = append(interesting, i)
	}
	now := q.server.Now()
	input := e.Usage(obj, now)
	if neg := IsNegative(input); len(neg) > 0 {
		return nil, apiserver.NewForbidden(a.Kind, a.Name, fmt.Errorf("quota usage is negative for resource(s): %s", prettyPrintResourceNames(neg)))
	}
	delta := input
	if a.Operation == apiserver.OperationUpdate && a.OldObject != nil && a.OldObject.GetObjectMeta().ResourceVersion != "" {
		delta = SubtractWithNonNegativeResult(input, e.Usage(a.OldObject, now))
	}
	delta = RemoveZeros(delta)
	if len(interesting) == 0 || len(delta) == 0 {
		return nil, nil
	}
	var out []*api.ResourceQuota
	for _, i := range interesting {
		rq := quotas[i]
		hard := ResourceNames(rq.Status.Hard)
		requested := Mask(delta, hard)
		newUsage := Add(rq.Status.Used, requested)
		masked := Mask(newUsage, ResourceNames(requested))
		if ok, exceeded := LessThanOrEqual(masked, rq.Status.Hard); !ok {
			return nil, apiserver.NewForbidden(a.Kind, a.Name, fmt.Errorf(
				"exceeded quota: %s, requested: %s, used: %s, limited: %s", rq.Name,
				PrettyPrint(Mask(requested, exceeded)), PrettyPrint(Mask(rq.Status.Used, exceeded)),
				PrettyPrint(Mask(rq.Status.Hard, exceeded))))
		}
		if len(requested) == 0 {
			continue
		}
		upd := api.DeepCopy(rq)
		upd.Status.Used = newUsage
		out = append(out, upd)
	}
	return out, nil
}

// hasUsageStats models the function of that name: every tracked hard
// resource has a used value.
func hasUsageStats(rq *api.ResourceQuota, interesting []api.ResourceName) bool {
	for _, n := range interesting {
		if _, ok := rq.Status.Hard[n]; !ok {
			continue
		}
		if _, ok := rq.Status.Used[n]; !ok {
			return false
		}
	}
	return true
}
