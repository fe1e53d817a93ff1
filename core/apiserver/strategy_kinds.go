package apiserver

import "github.com/kubeplay/kubeplay/core/api"

// The REST strategies of the autoscaling, networking, policy and storage
// kinds (pkg/registry/{autoscaling,networking,policy,core,storage}/<kind>/
// strategy.go), run by the Registry plugin after strategy.go's. Each is a
// no-op for other kinds.

// kindsWithStatus are the kinds among them served with a /status
// subresource.
func kindsHaveStatus(k *api.KindInfo) bool {
	switch k.Kind {
	case "HorizontalPodAutoscaler", "Ingress", "PodDisruptionBudget", "PersistentVolumeClaim", "PersistentVolume":
		return true
	}
	return false
}

// prepareKindsForCreate models PrepareForCreate: status cleared (a
// PersistentVolume starts Pending, its phase transition timed now), and
// the generation started at 1 where the strategy tracks one (the HPA's
// with the HPAGeneration gate, beta and on in v1.37).
func prepareKindsForCreate(obj api.Object, now api.Time) {
	switch o := obj.(type) {
	case *api.Ingress:
		o.Status = api.IngressStatus{}
		o.Generation = 1
	case *api.IngressClass, *api.NetworkPolicy:
		obj.GetObjectMeta().Generation = 1
	case *api.HorizontalPodAutoscaler:
		o.Status = api.HorizontalPodAutoscalerStatus{}
		o.Generation = 1
	case *api.PodDisruptionBudget:
		o.Status = api.PodDisruptionBudgetStatus{}
		o.Generation = 1
	case *api.PersistentVolumeClaim:
		// Upstream clears the status and every read's decoding defaults
		// the phase to Pending (SetDefaults_PersistentVolumeClaim); the
		// playground stores what reads return.
		o.Status = api.PersistentVolumeClaimStatus{Phase: api.ClaimPending}
	case *api.PersistentVolume:
		o.Status = api.PersistentVolumeStatus{Phase: api.VolumePending, LastPhaseTransitionTime: &now}
	}
}

// prepareKindsForUpdate models PrepareForUpdate on the main endpoint:
// status kept, generation bumped when the spec changes.
func prepareKindsForUpdate(obj, old api.Object) {
	bump := func(changed bool) {
		if changed {
			obj.GetObjectMeta().Generation = old.GetObjectMeta().Generation + 1
		}
	}
	switch o := obj.(type) {
	case *api.Ingress:
		p := old.(*api.Ingress)
		o.Status = p.Status
		bump(!api.SemanticEqual(o.Spec, p.Spec))
	case *api.IngressClass:
		bump(!api.SemanticEqual(o.Spec, old.(*api.IngressClass).Spec))
	case *api.NetworkPolicy:
		bump(!api.SemanticEqual(o.Spec, old.(*api.NetworkPolicy).Spec))
	case *api.HorizontalPodAutoscaler:
		p := old.(*api.HorizontalPodAutoscaler)
		o.Status = p.Status
		bump(!api.SemanticEqual(o.Spec, p.Spec))
	case *api.PodDisruptionBudget:
		p := old.(*api.PodDisruptionBudget)
		o.Status = p.Status
		bump(!api.SemanticEqual(o.Spec, p.Spec))
	case *api.PersistentVolumeClaim:
		o.Status = old.(*api.PersistentVolumeClaim).Status
	case *api.PersistentVolume:
		o.Status = old.(*api.PersistentVolume).Status
	}
}

// prepareKindsForStatusUpdate models the status strategies' PrepareForUpdate:
// the spec is kept; a PersistentVolume's phase change is timed now unless
// the writer timed it.
func prepareKindsForStatusUpdate(obj, old api.Object, now api.Time) {
	switch o := obj.(type) {
	case *api.Ingress:
		o.Spec = old.(*api.Ingress).Spec
	case *api.HorizontalPodAutoscaler:
		o.Spec = old.(*api.HorizontalPodAutoscaler).Spec
	case *api.PodDisruptionBudget:
		o.Spec = old.(*api.PodDisruptionBudget).Spec
	case *api.PersistentVolumeClaim:
		o.Spec = old.(*api.PersistentVolumeClaim).Spec
	case *api.PersistentVolume:
		p := old.(*api.PersistentVolume)
		o.Spec = p.Spec
		switch {
		case p.Status.Phase == o.Status.Phase && o.Status.LastPhaseTransitionTime == nil:
			o.Status.LastPhaseTransitionTime = p.Status.LastPhaseTransitionTime
		case p.Status.Phase != o.Status.Phase && (o.Status.LastPhaseTransitionTime == nil ||
			(p.Status.LastPhaseTransitionTime != nil && o.Status.LastPhaseTransitionTime.Equal(p.Status.LastPhaseTransitionTime.Time))):
			o.Status.LastPhaseTransitionTime = &now
		}
	}
}
