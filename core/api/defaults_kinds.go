package api

// setDefaultsKinds is SetDefaults for the autoscaling, networking, policy
// and storage kinds; it reports whether obj was one of them. Each case
// cites the generated SetObjectDefaults_<Kind> it models. Ingress and
// PodDisruptionBudget have none upstream.
func setDefaultsKinds(obj Object) bool {
	switch o := obj.(type) {
	case *HorizontalPodAutoscaler:
		setDefaultsHPA(o)
	case *NetworkPolicy:
		setDefaultsNetworkPolicy(o)
	case *IngressClass: // SetDefaults_IngressClass
		if p := o.Spec.Parameters; p != nil && p.Scope == nil {
			p.Scope = ptrTo(IngressClassParametersReferenceScopeCluster)
		}
	case *StorageClass: // SetDefaults_StorageClass
		if o.ReclaimPolicy == nil {
			o.ReclaimPolicy = ptrTo(PersistentVolumeReclaimDelete)
		}
		if o.VolumeBindingMode == nil {
			o.VolumeBindingMode = ptrTo(VolumeBindingImmediate)
		}
	case *PersistentVolume: // SetObjectDefaults_PersistentVolume
		if o.Status.Phase == "" {
			o.Status.Phase = VolumePending
		}
		if o.Spec.PersistentVolumeReclaimPolicy == "" {
			o.Spec.PersistentVolumeReclaimPolicy = PersistentVolumeReclaimRetain
		}
		if o.Spec.VolumeMode == nil {
			o.Spec.VolumeMode = ptrTo(PersistentVolumeFilesystem)
		}
		roundResourceList(o.Spec.Capacity)
		if hp := o.Spec.HostPath; hp != nil && hp.Type == nil { // SetDefaults_HostPathVolumeSource
			hp.Type = ptrTo(HostPathUnset)
		}
	case *PersistentVolumeClaim: // SetObjectDefaults_PersistentVolumeClaim
		if o.Status.Phase == "" {
			o.Status.Phase = ClaimPending
		}
		setDefaultsPersistentVolumeClaimSpec(&o.Spec)
		roundResourceList(o.Status.Capacity)
		roundResourceList(o.Status.AllocatedResources)
	case *Ingress, *PodDisruptionBudget:
	default:
		return false
	}
	return true
}

// setDefaultsPersistentVolumeClaimSpec is SetDefaults_PersistentVolumeClaimSpec
// with the claim's resource lists rounded.
func setDefaultsPersistentVolumeClaimSpec(s *PersistentVolumeClaimSpec) {
	if s.VolumeMode == nil {
		s.VolumeMode = ptrTo(PersistentVolumeFilesystem)
	}
	roundResourceList(s.Resources.Limits)
	roundResourceList(s.Resources.Requests)
}

// DefaultCPUUtilization is the target an HPA without metrics gets
// (autoscaling.DefaultCPUUtilization).
const DefaultCPUUtilization = 80

// setDefaultsHPA models autoscaling/v2 SetDefaults_HorizontalPodAutoscaler:
// minReplicas 1, a CPU utilization target of 80% when no metric is given,
// and, only when a behavior is given, every rule it leaves out filled from
// upstream's defaults (GenerateHPAScaleUpRules, GenerateHPAScaleDownRules).
func setDefaultsHPA(h *HorizontalPodAutoscaler) {
	if h.Spec.MinReplicas == nil {
		h.Spec.MinReplicas = ptrTo(int32(1))
	}
	if len(h.Spec.Metrics) == 0 {
		h.Spec.Metrics = []MetricSpec{{Type: ResourceMetricSourceType, Resource: &ResourceMetricSource{
			Name: ResourceCPU, Target: MetricTarget{Type: UtilizationMetricType, AverageUtilization: ptrTo(int32(DefaultCPUUtilization))},
		}}}
	}
	if b := h.Spec.Behavior; b != nil {
		b.ScaleUp = copyHPAScalingRules(b.ScaleUp, DefaultHPAScaleUpRules())
		b.ScaleDown = copyHPAScalingRules(b.ScaleDown, DefaultHPAScaleDownRules())
	}
}

// DefaultHPAScaleUpRules is defaultHPAScaleUpRules: no stabilization, the
// larger of 4 pods or 100% per 15 s.
func DefaultHPAScaleUpRules() *HPAScalingRules {
	return &HPAScalingRules{
		StabilizationWindowSeconds: ptrTo(int32(0)),
		SelectPolicy:               ptrTo(MaxChangePolicySelect),
		Policies: []HPAScalingPolicy{
			{Type: PodsScalingPolicy, Value: 4, PeriodSeconds: 15},
			{Type: PercentScalingPolicy, Value: 100, PeriodSeconds: 15},
		},
	}
}

// DefaultHPAScaleDownRules is defaultHPAScaleDownRules: 100% per 15 s, and
// no stabilization window, so the controller's
// --horizontal-pod-autoscaler-downscale-stabilization (300 s) applies.
func DefaultHPAScaleDownRules() *HPAScalingRules {
	return &HPAScalingRules{
		SelectPolicy: ptrTo(MaxChangePolicySelect),
		Policies:     []HPAScalingPolicy{{Type: PercentScalingPolicy, Value: 100, PeriodSeconds: 15}},
	}
}

// copyHPAScalingRules models the function of that name: every field set in
// from replaces the default in to.
func copyHPAScalingRules(from, to *HPAScalingRules) *HPAScalingRules {
	if from == nil {
		return to
	}
	if from.SelectPolicy != nil {
		to.SelectPolicy = from.SelectPolicy
	}
	if from.StabilizationWindowSeconds != nil {
		to.StabilizationWindowSeconds = from.StabilizationWindowSeconds
	}
	if from.Policies != nil {
		to.Policies = from.Policies
	}
	if from.Tolerance != nil {
		to.Tolerance = from.Tolerance
	}
	return to
}

// setDefaultsNetworkPolicy models SetObjectDefaults_NetworkPolicy: policy
// types Ingress (and Egress when egress rules are given), and TCP for
// every port without a protocol.
func setDefaultsNetworkPolicy(np *NetworkPolicy) {
	if len(np.Spec.PolicyTypes) == 0 {
		np.Spec.PolicyTypes = []PolicyType{PolicyTypeIngress}
		if len(np.Spec.Egress) != 0 {
			np.Spec.PolicyTypes = append(np.Spec.PolicyTypes, PolicyTypeEgress)
		}
	}
	defaultPorts := func(ports []NetworkPolicyPort) {
		for i := range ports {
			if ports[i].Protocol == nil {
				ports[i].Protocol = ptrTo(ProtocolTCP)
			}
		}
	}
	for i := range np.Spec.Ingress {
		defaultPorts(np.Spec.Ingress[i].Ports)
	}
	for i := range np.Spec.Egress {
		defaultPorts(np.Spec.Egress[i].Ports)
	}
}
