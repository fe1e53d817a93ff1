package apiserver

import "fmt"

// QuotaEvaluator is the seam for ResourceQuota enforcement (the validating
// admission plugin plugin/pkg/admission/resourcequota). It sees every
// create and update after validation, and refuses one that would take a
// namespace over a quota, typically with ExceededQuota.
type QuotaEvaluator interface {
	Evaluate(a *Attributes) error
}

// ResourceQuota runs the QuotaEvaluator, if one is set; without one it
// admits everything, as a cluster without ResourceQuota objects does.
type ResourceQuota struct {
	Evaluator QuotaEvaluator
}

// Name implements Plugin.
func (*ResourceQuota) Name() string { return "ResourceQuota" }

// Admit implements Plugin.
func (q *ResourceQuota) Admit(a *Attributes) error {
	if q.Evaluator == nil || a.Operation == OperationDelete {
		return nil
	}
	return q.Evaluator.Evaluate(a)
}

// ExceededQuota is the error the quota plugin returns (admission.NewForbidden
// around the evaluator's message): `pods "web-1" is forbidden: exceeded
// quota: compute, requested: pods=1, used: pods=2, limited: pods=2`.
func ExceededQuota(a *Attributes, quota, requested, used, limited string) *StatusError {
	return NewForbidden(a.Kind, a.Name, fmt.Errorf(
		"exceeded quota: %s, requested: %s, used: %s, limited: %s", quota, requested, used, limited))
}
