package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// The expected messages are upstream's (pkg/apis/{networking,autoscaling,
// policy,core,storage}/validation), field paths included.

func TestValidateIngress(t *testing.T) {
	prefix, weird := api.PathTypePrefix, api.PathType("Regex")
	ing := func(paths ...api.HTTPIngressPath) *api.Ingress {
		return &api.Ingress{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}, Spec: api.IngressSpec{
			Rules: []api.IngressRule{{Host: "web.example.com", IngressRuleValue: api.IngressRuleValue{HTTP: &api.HTTPIngressRuleValue{Paths: paths}}}}}}
	}
	svc := api.IngressBackend{Service: &api.IngressServiceBackend{Name: "web", Port: api.ServiceBackendPort{Number: 80}}}
	check(t, "valid", ValidateObject(defaulted(ing(api.HTTPIngressPath{Path: "/", PathType: &prefix, Backend: svc}))), nil)
	check(t, "no pathType", ValidateObject(defaulted(ing(api.HTTPIngressPath{Path: "/", Backend: svc}))),
		[]string{"spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified"})
	check(t, "relative path, unknown type", ValidateObject(defaulted(ing(
		api.HTTPIngressPath{Path: "api", PathType: &prefix, Backend: svc},
		api.HTTPIngressPath{Path: "/", PathType: &weird, Backend: svc}))), []string{
		`spec.rules[0].http.paths[0].path: Invalid value: "api": must be an absolute path`,
		`spec.rules[0].http.paths[1].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"`,
	})
	check(t, "no port", ValidateObject(defaulted(ing(api.HTTPIngressPath{Path: "/", PathType: &prefix,
		Backend: api.IngressBackend{Service: &api.IngressServiceBackend{Name: "web"}}}))),
		[]string{"spec.rules[0].http.paths[0].backend: Required value: port name or number is required"})
	empty := &api.Ingress{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}}
	check(t, "nothing", ValidateObject(defaulted(empty)),
		[]string{"spec: Invalid value: null: either `defaultBackend` or `rules` must be specified"})
	ip := ing(api.HTTPIngressPath{Path: "/", PathType: &prefix, Backend: svc})
	ip.Spec.Rules[0].Host = "10.0.0.1"
	check(t, "ip host", ValidateObject(defaulted(ip)), []string{`spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address`})
}

func TestValidateIngressClass(t *testing.T) {
	ic := &api.IngressClass{ObjectMeta: api.ObjectMeta{Name: "nginx"}, Spec: api.IngressClassSpec{Controller: "k8s.io/ingress-nginx"}}
	check(t, "valid", ValidateObject(defaulted(ic)), nil)
	bad := api.DeepCopy(ic)
	bad.Spec.Controller = "nginx"
	check(t, "not domain-prefixed", ValidateObject(defaulted(bad)),
		[]string{`spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")`})
	old := defaulted(api.DeepCopy(ic))
	old.ResourceVersion = "1"
	cur := api.DeepCopy(old)
	cur.Spec.Controller = "example.com/other"
	check(t, "controller immutable", ValidateObjectUpdate(cur, old), []string{`spec.controller: Invalid value: "example.com/other": field is immutable`})
}

func TestValidateNetworkPolicy(t *testing.T) {
	port := api.FromInt(70000)
	np := &api.NetworkPolicy{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"}, Spec: api.NetworkPolicySpec{
		Ingress: []api.NetworkPolicyIngressRule{{Ports: []api.NetworkPolicyPort{{Port: &port}},
			From: []api.NetworkPolicyPeer{{}, {IPBlock: &api.IPBlock{CIDR: "10.0.0.1/8", Except: []string{"192.168.0.0/16"}}}}}}}}
	check(t, "bad rule", ValidateObject(defaulted(np)), []string{
		"spec.ingress[0].ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive",
		"spec.ingress[0].from[0]: Required value: must specify a peer",
		`spec.ingress[0].from[1].ipBlock.cidr: Invalid value: "10.0.0.1/8": must not have bits set beyond the prefix length`,
		"spec.ingress[0].from[1].ipBlock.except[0]: Invalid value: \"192.168.0.0/16\": must be a strict subset of `cidr`",
	})
	if got := defaulted(&api.NetworkPolicy{}).Spec.PolicyTypes; len(got) != 1 || got[0] != api.PolicyTypeIngress {
		t.Errorf("policyTypes default = %v, want [Ingress]", got)
	}
}

func TestValidateHorizontalPodAutoscaler(t *testing.T) {
	hpa := func() *api.HorizontalPodAutoscaler {
		return &api.HorizontalPodAutoscaler{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
			Spec: api.HorizontalPodAutoscalerSpec{MaxReplicas: 5,
				ScaleTargetRef: api.CrossVersionObjectReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "web"}}}
	}
	h := defaulted(hpa())
	check(t, "valid", ValidateObject(h), nil)
	if *h.Spec.MinReplicas != 1 || *h.Spec.Metrics[0].Resource.Target.AverageUtilization != 80 {
		t.Errorf("defaults: minReplicas %d, metrics %+v", *h.Spec.MinReplicas, h.Spec.Metrics)
	}
	bad := hpa()
	bad.Spec.MaxReplicas, bad.Spec.MinReplicas = 0, ptr(int32(3))
	bad.Spec.ScaleTargetRef.Name = ""
	check(t, "bounds and reference", ValidateObject(defaulted(bad)), []string{
		"spec.maxReplicas: Required value: must be set and greater than 0",
		"spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`",
		"spec.scaleTargetRef.name: Required value",
	})
	m := hpa()
	m.Spec.Metrics = []api.MetricSpec{{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricSource{Name: api.ResourceCPU,
		Target: api.MetricTarget{Type: api.UtilizationMetricType}}}}
	check(t, "no target value", ValidateObject(defaulted(m)), []string{
		"spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization",
	})
	b := hpa()
	b.Spec.Behavior = &api.HorizontalPodAutoscalerBehavior{ScaleDown: &api.HPAScalingRules{StabilizationWindowSeconds: ptr(int32(4000)),
		Policies: []api.HPAScalingPolicy{{Type: "Replicas", Value: 0, PeriodSeconds: 15}}}}
	b = defaulted(b)
	check(t, "behavior", ValidateObject(b), []string{
		"spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600",
		`spec.behavior.scaleDown.policies[0].type: Unsupported value: "Replicas": supported values: "Percent", "Pods"`,
		"spec.behavior.scaleDown.policies[0].value: Invalid value: 0: must be greater than zero",
	})
	if up := b.Spec.Behavior.ScaleUp; up == nil || len(up.Policies) != 2 || *up.StabilizationWindowSeconds != 0 {
		t.Errorf("scaleUp default = %+v", up)
	}
}

func TestValidatePodDisruptionBudget(t *testing.T) {
	two, pct := api.FromInt(2), api.FromString("150%")
	p := &api.PodDisruptionBudget{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodDisruptionBudgetSpec{MinAvailable: &two, Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}}}}
	check(t, "valid", ValidateObject(defaulted(p)), nil)
	bad := api.DeepCopy(p)
	bad.Spec.MaxUnavailable = &pct
	got := ValidateObject(defaulted(bad))
	if len(got) != 2 || got[0].Error()[:len("spec: Invalid value:")] != "spec: Invalid value:" ||
		got[1].Error() != `spec.maxUnavailable: Invalid value: "150%": must not be greater than 100%` {
		t.Errorf("both set, 150%%: %v", got)
	}
}

func TestValidateStorage(t *testing.T) {
	q := resource.MustParse
	claim := &api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "data", Namespace: "default"}}
	check(t, "empty claim", ValidateObject(defaulted(claim)), []string{
		"spec.accessModes: Required value: at least 1 access mode is required",
		"spec.resources[storage]: Required value",
	})
	claim.Spec.AccessModes = []api.PersistentVolumeAccessMode{api.ReadWriteOnce, api.ReadWriteOncePod}
	claim.Spec.Resources.Requests = api.ResourceList{api.ResourceStorage: q("1Gi")}
	check(t, "RWOP with another mode", ValidateObject(defaulted(claim)),
		[]string{"spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes"})

	old := defaulted(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "data", Namespace: "default", ResourceVersion: "1"},
		Spec: api.PersistentVolumeClaimSpec{AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
			Resources: api.VolumeResourceRequirements{Requests: api.ResourceList{api.ResourceStorage: q("1Gi")}}}})
	cur := api.DeepCopy(old)
	cur.Spec.AccessModes = []api.PersistentVolumeAccessMode{api.ReadWriteMany}
	check(t, "claim spec immutable", ValidateObjectUpdate(cur, old),
		[]string{"spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims"})

	// Upstream renders the missing capacity as the Go syntax of its
	// internal type, core.ResourceList(nil); the playground's field
	// errors print a nil map as null.
	pv := &api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "pv1"}}
	check(t, "empty volume", ValidateObject(defaulted(pv)), []string{
		"spec.accessModes: Required value",
		"spec.capacity: Required value",
		`spec.capacity: Unsupported value: null: supported values: "storage"`,
		"spec: Required value: must specify a volume type",
	})

	sc := &api.StorageClass{ObjectMeta: api.ObjectMeta{Name: "fast"}}
	check(t, "class without provisioner", ValidateObject(defaulted(sc)), []string{"provisioner: Required value"})
	if d := defaulted(&api.StorageClass{}); *d.ReclaimPolicy != api.PersistentVolumeReclaimDelete || *d.VolumeBindingMode != api.VolumeBindingImmediate {
		t.Errorf("class defaults: %s, %s", *d.ReclaimPolicy, *d.VolumeBindingMode)
	}
}
