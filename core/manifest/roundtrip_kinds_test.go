package manifest

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// realisticKindsObjects are one filled-in object of each autoscaling,
// networking, policy and storage kind, for TestRoundTripEveryKind.
func realisticKindsObjects() []api.Object {
	at := func(sec int) api.Time { return api.NewTime(time.Date(2026, 1, 1, 0, 0, sec, 0, time.UTC)) }
	meta := func(name string) api.ObjectMeta {
		return api.ObjectMeta{Name: name, Namespace: "default", UID: "uid-" + name, ResourceVersion: "9",
			Generation: 1, CreationTimestamp: at(0), Labels: map[string]string{"app": "web"}}
	}
	cluster := func(name string) api.ObjectMeta {
		m := meta(name)
		m.Namespace = ""
		return m
	}
	q := resource.MustParse
	sel := &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}
	prefix := api.PathTypePrefix
	return []api.Object{
		&api.HorizontalPodAutoscaler{ObjectMeta: meta("web"), Spec: api.HorizontalPodAutoscalerSpec{
			ScaleTargetRef: api.CrossVersionObjectReference{Kind: "Deployment", Name: "web", APIVersion: "apps/v1"},
			MinReplicas:    ptr(int32(2)), MaxReplicas: 10,
			Metrics: []api.MetricSpec{{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricSource{Name: api.ResourceCPU,
				Target: api.MetricTarget{Type: api.UtilizationMetricType, AverageUtilization: ptr(int32(60))}}}},
			Behavior: &api.HorizontalPodAutoscalerBehavior{ScaleDown: &api.HPAScalingRules{StabilizationWindowSeconds: ptr(int32(60)),
				SelectPolicy: ptr(api.MinChangePolicySelect), Tolerance: ptr(q("50m")),
				Policies: []api.HPAScalingPolicy{{Type: api.PodsScalingPolicy, Value: 1, PeriodSeconds: 30}}}},
		}, Status: api.HorizontalPodAutoscalerStatus{ObservedGeneration: ptr(int64(1)), LastScaleTime: api.NewTimePtr(time.Date(2026, 1, 1, 0, 1, 0, 0, time.UTC)),
			CurrentReplicas: 2, DesiredReplicas: 3,
			CurrentMetrics: []api.MetricStatus{{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricStatus{Name: api.ResourceCPU,
				Current: api.MetricValueStatus{AverageValue: ptr(q("150m")), AverageUtilization: ptr(int32(75))}}}},
			Conditions: []api.HorizontalPodAutoscalerCondition{{Type: api.AbleToScale, Status: api.ConditionTrue,
				LastTransitionTime: at(5), Reason: "ReadyForNewScale", Message: "recommended size matches current size"}}}},
		&api.Ingress{ObjectMeta: meta("web"), Spec: api.IngressSpec{IngressClassName: ptr("nginx"),
			TLS: []api.IngressTLS{{Hosts: []string{"web.example.com"}, SecretName: "web-tls"}},
			Rules: []api.IngressRule{{Host: "web.example.com", IngressRuleValue: api.IngressRuleValue{HTTP: &api.HTTPIngressRuleValue{
				Paths: []api.HTTPIngressPath{{Path: "/", PathType: &prefix, Backend: api.IngressBackend{
					Service: &api.IngressServiceBackend{Name: "web", Port: api.ServiceBackendPort{Number: 80}}}}}}}}}},
			Status: api.IngressStatus{LoadBalancer: api.IngressLoadBalancerStatus{Ingress: []api.IngressLoadBalancerIngress{{IP: "172.18.255.200"}}}}},
		&api.IngressClass{ObjectMeta: cluster("nginx"), Spec: api.IngressClassSpec{Controller: "k8s.io/ingress-nginx",
			Parameters: &api.IngressClassParametersReference{APIGroup: ptr("k8s.example.com"), Kind: "Params", Name: "p", Scope: ptr("Cluster")}}},
		&api.NetworkPolicy{ObjectMeta: meta("db"), Spec: api.NetworkPolicySpec{PodSelector: api.LabelSelector{MatchLabels: map[string]string{"app": "db"}},
			Ingress: []api.NetworkPolicyIngressRule{{Ports: []api.NetworkPolicyPort{{Protocol: ptr(api.ProtocolTCP), Port: ptr(api.FromInt(5432))}},
				From: []api.NetworkPolicyPeer{{PodSelector: sel}, {IPBlock: &api.IPBlock{CIDR: "10.0.0.0/8", Except: []string{"10.1.0.0/16"}}}}}},
			PolicyTypes: []api.PolicyType{api.PolicyTypeIngress}}},
		&api.PodDisruptionBudget{ObjectMeta: meta("web"), Spec: api.PodDisruptionBudgetSpec{MinAvailable: ptr(api.FromInt(2)), Selector: sel},
			Status: api.PodDisruptionBudgetStatus{ObservedGeneration: 1, DisruptionsAllowed: 1, CurrentHealthy: 3, DesiredHealthy: 2, ExpectedPods: 3,
				DisruptedPods: map[string]api.Time{"web-1": at(7)},
				Conditions: []api.Condition{{Type: api.DisruptionAllowedCondition, Status: api.ConditionTrue, ObservedGeneration: 1,
					LastTransitionTime: at(3), Reason: api.SufficientPodsReason, Message: ""}}}},
		&api.PersistentVolumeClaim{ObjectMeta: meta("data"), Spec: api.PersistentVolumeClaimSpec{
			AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteOnce}, StorageClassName: ptr("standard"),
			Resources:  api.VolumeResourceRequirements{Requests: api.ResourceList{api.ResourceStorage: q("1Gi")}},
			VolumeName: "pvc-1", VolumeMode: ptr(api.PersistentVolumeFilesystem)},
			Status: api.PersistentVolumeClaimStatus{Phase: api.ClaimBound, AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
				Capacity: api.ResourceList{api.ResourceStorage: q("1Gi")}}},
		&api.PersistentVolume{ObjectMeta: cluster("pvc-1"), Spec: api.PersistentVolumeSpec{
			Capacity:                      api.ResourceList{api.ResourceStorage: q("1Gi")},
			PersistentVolumeSource:        api.PersistentVolumeSource{HostPath: &api.HostPathVolumeSource{Path: "/var/local-path-provisioner/pvc-1", Type: ptr(api.HostPathDirectoryOrCreate)}},
			AccessModes:                   []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
			ClaimRef:                      &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: "default", Name: "data", UID: "uid-data", APIVersion: "v1", ResourceVersion: "8"},
			PersistentVolumeReclaimPolicy: api.PersistentVolumeReclaimDelete, StorageClassName: "standard",
			VolumeMode: ptr(api.PersistentVolumeFilesystem),
			NodeAffinity: &api.VolumeNodeAffinity{Required: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{
				MatchExpressions: []api.NodeSelectorRequirement{{Key: "kubernetes.io/hostname", Operator: api.NodeSelectorOpIn, Values: []string{"node-1"}}}}}}}},
			Status: api.PersistentVolumeStatus{Phase: api.VolumeBound, LastPhaseTransitionTime: api.NewTimePtr(time.Date(2026, 1, 1, 0, 0, 3, 0, time.UTC))}},
		&api.StorageClass{ObjectMeta: cluster("standard"), Provisioner: "rancher.io/local-path",
			ReclaimPolicy: ptr(api.PersistentVolumeReclaimDelete), VolumeBindingMode: ptr(api.VolumeBindingWaitForFirstConsumer),
			Parameters: map[string]string{"k": "v"}, MountOptions: []string{"noatime"}, AllowVolumeExpansion: ptr(false)},
	}
}
