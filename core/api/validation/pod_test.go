package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestValidatePod(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(p *api.Pod)
		want   []string
	}{
		{"valid", func(p *api.Pod) {}, nil},
		{"pods may use any restart policy", func(p *api.Pod) { p.Spec.RestartPolicy = api.RestartPolicyNever }, nil},
		{"pods may have activeDeadlineSeconds", func(p *api.Pod) { p.Spec.ActiveDeadlineSeconds = ptr(int64(60)) }, nil},
		{"image with spaces", func(p *api.Pod) { p.Spec.Containers[0].Image = " nginx" },
			[]string{`spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace`}},
		{"paths start at spec", func(p *api.Pod) {
			p.Spec.Containers[0].Ports[0].ContainerPort = 0
			p.Spec.RestartPolicy = "Sometimes"
		}, []string{
			"spec.containers[0].ports[0].containerPort: Required value",
			`spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"`,
		}},
		{"metadata annotations", func(p *api.Pod) { p.Annotations = map[string]string{"kubernetes.io/config.mirror": "m"} },
			[]string{`metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "m": must set spec.nodeName if mirror pod annotation is set`}},
	}
	for _, tt := range tests {
		p := validPod()
		tt.mutate(p)
		check(t, tt.name, ValidateObject(defaulted(p)), tt.want)
	}
}

func TestValidatePodUpdate(t *testing.T) {
	old := defaulted(validPod())
	old.ResourceVersion = "1"
	old.Spec.NodeName = "node-1"
	old.Spec.Tolerations = []api.Toleration{{Key: "k", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))}}
	tests := []struct {
		name   string
		mutate func(p *api.Pod)
		want   []string
	}{
		{"new image", func(p *api.Pod) { p.Spec.Containers[0].Image = "nginx:1.26" }, nil},
		{"lower activeDeadlineSeconds", func(p *api.Pod) { p.Spec.ActiveDeadlineSeconds = ptr(int64(10)) }, nil},
		{"add a toleration, change tolerationSeconds", func(p *api.Pod) {
			p.Spec.Tolerations[0].TolerationSeconds = ptr(int64(10))
			p.Spec.Tolerations = append(p.Spec.Tolerations, api.Toleration{Key: "x", Operator: "Exists"})
		}, nil},
		{"add a container", func(p *api.Pod) {
			p.Spec.Containers = append(p.Spec.Containers, api.Container{Name: "b", Image: "busybox"})
		}, []string{"spec.containers: Forbidden: pod updates may not add or remove containers"}},
		{"remove the image", func(p *api.Pod) { p.Spec.Containers[0].Image = "" }, []string{
			"spec.containers[0].image: Required value",
			"spec.containers[0].image: Required value",
		}},
		{"raise activeDeadlineSeconds", func(p *api.Pod) {
			old.Spec.ActiveDeadlineSeconds = ptr(int64(10))
			p.Spec.ActiveDeadlineSeconds = ptr(int64(20))
		}, []string{"spec.activeDeadlineSeconds: Invalid value: 20: must be less than or equal to previous value"}},
		{"drop a toleration", func(p *api.Pod) { p.Spec.Tolerations = nil },
			[]string{"spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds"}},
		{"change a port", func(p *api.Pod) { p.Spec.Containers[0].Ports[0].ContainerPort = 8080 }, []string{
			"spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n" +
				"  api.PodSpec{\n" +
				`- 	containers: [{"name":"web","image":"nginx:1.25","ports":[{"name":"http","containerPort":80,"protocol":"TCP"}],"resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],` + "\n" +
				`+ 	containers: [{"name":"web","image":"nginx:1.25","ports":[{"name":"http","containerPort":8080,"protocol":"TCP"}],"resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],` + "\n" +
				"  }\n",
		}},
	}
	for _, tt := range tests {
		saved := api.DeepCopy(old)
		p := api.DeepCopy(old)
		tt.mutate(p)
		check(t, tt.name, ValidateObjectUpdate(defaulted(p), old), tt.want)
		old = saved
	}
}

func TestValidatePodStatusUpdate(t *testing.T) {
	old := defaulted(validPod())
	old.ResourceVersion = "4"
	old.Spec.RestartPolicy = api.RestartPolicyNever
	old.Spec.NodeName = "node-1"
	old.Status.ContainerStatuses = []api.ContainerStatus{{Name: "web", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: 0}}}}

	p := api.DeepCopy(old)
	p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}, {Type: "example.com/Gate", Status: api.ConditionTrue}}
	check(t, "valid", ValidateStatusUpdate(p, old), nil)

	p = api.DeepCopy(old)
	p.Spec.NodeName = "node-2"
	p.Status.Conditions = []api.PodCondition{{Type: "bad gate"}}
	p.Status.ContainerStatuses[0].State = api.ContainerState{Running: &api.ContainerStateRunning{}}
	p.Status.PodIPs = []api.PodIP{{IP: "10.0.0.300"}}
	check(t, "invalid", ValidateStatusUpdate(p, old), []string{
		`metadata.conditions[0].Type: Invalid value: "bad gate": ` + nameMsg,
		"status.nodeName: Forbidden: may not be changed directly",
		"status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state",
		`status.podIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
	})
}
