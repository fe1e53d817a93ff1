package api

import (
	"reflect"
	"testing"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

func samplePod() *Pod {
	grace := int64(30)
	return &Pod{
		TypeMeta: TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: ObjectMeta{
			Name: "web-1", Namespace: "default",
			Labels:          map[string]string{"app": "web", "pod-template-hash": "5d8f7c9b6"},
			Annotations:     map[string]string{"a": "b"},
			OwnerReferences: []OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web", UID: "u1", Controller: new(bool)}},
		},
		Spec: PodSpec{
			Containers: []Container{{
				Name: "nginx", Image: "nginx:1.25",
				Ports: []ContainerPort{{ContainerPort: 80, Protocol: ProtocolTCP}},
				Resources: ResourceRequirements{Requests: ResourceList{
					ResourceCPU: resource.MustParse("100m"), ResourceMemory: resource.MustParse("128Mi"),
				}},
				ReadinessProbe: &Probe{ProbeHandler: ProbeHandler{HTTPGet: &HTTPGetAction{Path: "/", Port: FromInt(80)}}},
			}},
			TerminationGracePeriodSeconds: &grace,
		},
		Status: PodStatus{
			Phase:             PodRunning,
			Conditions:        []PodCondition{{Type: PodReady, Status: ConditionTrue}},
			ContainerStatuses: []ContainerStatus{{Name: "nginx", Ready: true}},
		},
	}
}

func TestDeepCopySharesNothing(t *testing.T) {
	orig := samplePod()
	cp := DeepCopy(orig)
	if !reflect.DeepEqual(orig, cp) {
		t.Fatal("copy differs from the original")
	}
	cp.Labels["app"] = "changed"
	cp.OwnerReferences[0].Name = "changed"
	*cp.OwnerReferences[0].Controller = true
	cp.Spec.Containers[0].Ports[0].ContainerPort = 8080
	cp.Spec.Containers[0].ReadinessProbe.HTTPGet.Path = "/changed"
	*cp.Spec.TerminationGracePeriodSeconds = 1
	cp.Status.Conditions[0].Status = ConditionFalse
	if !reflect.DeepEqual(orig, samplePod()) {
		t.Fatal("changing the copy changed the original")
	}
}

func TestDeepCopyObjectKeepsType(t *testing.T) {
	for _, k := range Kinds() {
		obj := k.New()
		obj.GetObjectMeta().Labels = map[string]string{"x": "y"}
		cp := obj.DeepCopyObject()
		if reflect.TypeOf(cp) != reflect.TypeOf(obj) {
			t.Errorf("%s: DeepCopyObject returned %T", k.Kind, cp)
		}
		cp.GetObjectMeta().Labels["x"] = "z"
		if obj.GetObjectMeta().Labels["x"] != "y" {
			t.Errorf("%s: copy shares its labels map", k.Kind)
		}
	}
}

func BenchmarkDeepCopyPod(b *testing.B) {
	p := samplePod()
	b.ReportAllocs()
	for b.Loop() {
		DeepCopy(p)
	}
}

type recursiveNode struct {
	Name     string
	Children []*recursiveNode
}

func TestDeepCopyRecursiveType(t *testing.T) {
	orig := &recursiveNode{Name: "root", Children: []*recursiveNode{{Name: "leaf"}}}
	cp := DeepCopy(orig)
	cp.Children[0].Name = "changed"
	if orig.Children[0].Name != "leaf" {
		t.Fatal("copy of a recursive type shares its children")
	}
}
