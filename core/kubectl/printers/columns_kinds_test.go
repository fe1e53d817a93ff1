package printers

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func withType[T api.Object](o T) T {
	api.SetTypeMeta(o)
	return o
}

// HPAs: formatHPAMetrics' shapes (unknown current, utilization, average
// value, more than two metrics) and printHorizontalPodAutoscaler's columns.
func TestHPATable(t *testing.T) {
	q := resource.MustParse
	ref := api.CrossVersionObjectReference{APIVersion: "apps/v1", Kind: "Deployment", Name: "web"}
	util := func(n int32) api.MetricSpec {
		return api.MetricSpec{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricSource{Name: api.ResourceCPU,
			Target: api.MetricTarget{Type: api.UtilizationMetricType, AverageUtilization: &n}}}
	}
	avg := q("200Mi")
	noMetrics := withType(&api.HorizontalPodAutoscaler{ObjectMeta: meta("web", time.Hour, nil),
		Spec:   api.HorizontalPodAutoscalerSpec{ScaleTargetRef: ref, MinReplicas: ptrTo(int32(2)), MaxReplicas: 6, Metrics: []api.MetricSpec{util(60)}},
		Status: api.HorizontalPodAutoscalerStatus{CurrentReplicas: 2, CurrentMetrics: []api.MetricStatus{{}}}})
	measured := api.DeepCopy(noMetrics)
	measured.Name = "api"
	measured.Spec.MinReplicas = nil
	measured.Spec.Metrics = append(measured.Spec.Metrics, api.MetricSpec{Type: api.ResourceMetricSourceType,
		Resource: &api.ResourceMetricSource{Name: api.ResourceMemory, Target: api.MetricTarget{Type: api.AverageValueMetricType, AverageValue: &avg}}}, util(90))
	u := int32(45)
	measured.Status.CurrentMetrics = []api.MetricStatus{{Type: api.ResourceMetricSourceType, Resource: &api.ResourceMetricStatus{Name: api.ResourceCPU,
		Current: api.MetricValueStatus{AverageUtilization: &u}}}}
	check(t, "get hpa", printTable(t, objs(noMetrics, measured), TableOptions{Now: now}),
		"NAME   REFERENCE        TARGETS                                             MINPODS   MAXPODS   REPLICAS   AGE\n"+
			"web    Deployment/web   cpu: <unknown>/60%                                  2         6         2          60m\n"+
			"api    Deployment/web   cpu: 45%/60%, memory: <unknown>/200Mi + 1 more...   <unset>   6         2          60m\n")
}

// Ingresses and classes: formatHosts, formatPorts, the sorted address,
// the default class marker.
func TestIngressTable(t *testing.T) {
	rules := func(hosts ...string) []api.IngressRule {
		var r []api.IngressRule
		for _, h := range hosts {
			r = append(r, api.IngressRule{Host: h})
		}
		return r
	}
	a := withType(&api.Ingress{ObjectMeta: meta("web", time.Hour, nil), Spec: api.IngressSpec{Rules: rules("")}})
	b := withType(&api.Ingress{ObjectMeta: meta("shop", time.Hour, nil), Spec: api.IngressSpec{IngressClassName: ptrTo("nginx"),
		Rules: rules("a.example.com", "b.example.com", "c.example.com", "d.example.com"), TLS: []api.IngressTLS{{SecretName: "tls"}}},
		Status: api.IngressStatus{LoadBalancer: api.IngressLoadBalancerStatus{Ingress: []api.IngressLoadBalancerIngress{{IP: "172.18.255.201"}, {IP: "172.18.255.200"}}}}})
	check(t, "get ing", printTable(t, objs(a, b), TableOptions{Now: now}),
		"NAME   CLASS    HOSTS                                                   ADDRESS                         PORTS     AGE\n"+
			"web    <none>   *                                                                                       80        60m\n"+
			"shop   nginx    a.example.com,b.example.com,c.example.com + 1 more...   172.18.255.200,172.18.255.201   80, 443   60m\n")
	ic := withType(&api.IngressClass{ObjectMeta: meta("nginx", time.Hour, nil), Spec: api.IngressClassSpec{Controller: "k8s.io/ingress-nginx",
		Parameters: &api.IngressClassParametersReference{APIGroup: ptrTo("k8s.example.com"), Kind: "Params", Name: "p"}}})
	ic.Annotations = map[string]string{api.AnnotationIsDefaultIngressClass: "true"}
	check(t, "get ingressclass", printTable(t, objs(ic), TableOptions{Now: now}),
		"NAME              CONTROLLER             PARAMETERS                 AGE\n"+
			"nginx (default)   k8s.io/ingress-nginx   Params.k8s.example.com/p   60m\n")
}

// Claims, volumes and classes: capacity and access modes only once bound,
// the wide VOLUMEMODE column, the default class marker.
func TestStorageTables(t *testing.T) {
	q := resource.MustParse
	pending := withType(&api.PersistentVolumeClaim{ObjectMeta: meta("data", time.Hour, nil), Spec: api.PersistentVolumeClaimSpec{
		StorageClassName: ptrTo("standard"), VolumeMode: ptrTo(api.PersistentVolumeFilesystem),
		Resources: api.VolumeResourceRequirements{Requests: api.ResourceList{api.ResourceStorage: q("1Gi")}}},
		Status: api.PersistentVolumeClaimStatus{Phase: api.ClaimPending}})
	bound := api.DeepCopy(pending)
	bound.Name, bound.Spec.VolumeName = "logs", "pvc-1"
	bound.Status = api.PersistentVolumeClaimStatus{Phase: api.ClaimBound, AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteMany, api.ReadWriteOnce},
		Capacity: api.ResourceList{api.ResourceStorage: q("2Gi")}}
	check(t, "get pvc -o wide", printTable(t, objs(pending, bound), TableOptions{Now: now, Wide: true}),
		"NAME   STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE   VOLUMEMODE\n"+
			"data   Pending                                      standard       <unset>                 60m   Filesystem\n"+
			"logs   Bound     pvc-1    2Gi        RWO,RWX        standard       <unset>                 60m   Filesystem\n")
	pv := withType(&api.PersistentVolume{ObjectMeta: meta("pvc-1", time.Hour, nil), Spec: api.PersistentVolumeSpec{
		Capacity: api.ResourceList{api.ResourceStorage: q("2Gi")}, AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
		PersistentVolumeReclaimPolicy: api.PersistentVolumeReclaimDelete, StorageClassName: "standard",
		ClaimRef: &api.ObjectReference{Namespace: "default", Name: "logs"}}, Status: api.PersistentVolumeStatus{Phase: api.VolumeBound}})
	check(t, "get pv", printTable(t, objs(pv), TableOptions{Now: now}),
		"NAME    CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\n"+
			"pvc-1   2Gi        RWO            Delete           Bound    default/logs   standard       <unset>                          60m\n")
	sc := withType(&api.StorageClass{ObjectMeta: meta("standard", time.Hour, nil), Provisioner: "rancher.io/local-path",
		VolumeBindingMode: ptrTo(api.VolumeBindingWaitForFirstConsumer)})
	sc.Annotations = map[string]string{api.IsDefaultStorageClassAnnotation: "true"}
	check(t, "get sc", printTable(t, objs(sc), TableOptions{Now: now}),
		"NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n"+
			"standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  60m\n")
}

func ptrTo[T any](v T) *T { return &v }
