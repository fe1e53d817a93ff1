package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

const ctr = "spec.template.spec.containers[0]"

// TestValidatePodTemplateSpec exercises ValidatePodSpec through a
// Deployment's template, where users meet it.
func TestValidatePodTemplateSpec(t *testing.T) {
	q := resource.MustParse
	tests := []struct {
		name   string
		mutate func(s *api.PodSpec)
		want   []string
	}{
		{"valid full container", func(s *api.PodSpec) {
			c := &s.Containers[0]
			c.Env = []api.EnvVar{
				{Name: "MODE", Value: "prod"},
				{Name: "my.var-1", Value: "x"},
				{Name: "POD_NAME", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.name"}}},
				{Name: "APP", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.labels['app']"}}},
			}
			c.Resources = api.ResourceRequirements{
				Limits:   api.ResourceList{"cpu": q("500m"), "memory": q("256Mi"), "example.com/gpu": q("1")},
				Requests: api.ResourceList{"cpu": q("500m"), "memory": q("128Mi"), "example.com/gpu": q("1")},
			}
			c.LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Port: api.FromString("http"),
				HTTPHeaders: []api.HTTPHeader{{Name: "X-Probe", Value: "1"}}}}}
			c.ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}}, SuccessThreshold: 3}
			c.StartupProbe = &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"true"}}}, FailureThreshold: 30}
			c.Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{Sleep: &api.SleepAction{Seconds: 0}}}
			s.InitContainers = []api.Container{{Name: "migrate", Image: "app:1"}}
			s.Tolerations = []api.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))}}
			s.NodeSelector = map[string]string{"kubernetes.io/os": "linux"}
			s.SecurityContext = &api.PodSecurityContext{RunAsUser: ptr(int64(1000)), FSGroup: ptr(int64(2000))}
		}, nil},

		// containers
		{"no containers", func(s *api.PodSpec) { s.Containers = nil },
			[]string{"spec.template.spec.containers: Required value"}},
		{"missing name and image", func(s *api.PodSpec) { s.Containers[0].Name, s.Containers[0].Image = "", "" },
			[]string{ctr + ".name: Required value", ctr + ".image: Required value"}},
		{"invalid container name", func(s *api.PodSpec) { s.Containers[0].Name = "Web" },
			[]string{ctr + `.name: Invalid value: "Web": ` + labelMsg}},
		{"container name with dots", func(s *api.PodSpec) { s.Containers[0].Name = "web.v1" },
			[]string{ctr + `.name: Invalid value: "web.v1": must not contain dots`}},
		{"duplicate container names", func(s *api.PodSpec) {
			s.Containers = append(s.Containers, api.Container{Name: "web", Image: "busybox"})
		}, []string{`spec.template.spec.containers[1].name: Duplicate value: "web"`}},
		{"init container named like a container", func(s *api.PodSpec) {
			s.InitContainers = []api.Container{{Name: "web", Image: "busybox"}}
		}, []string{`spec.template.spec.initContainers[0].name: Duplicate value: "web"`}},
		{"probes on an init container", func(s *api.PodSpec) {
			s.InitContainers = []api.Container{{Name: "init", Image: "busybox",
				LivenessProbe: &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"true"}}}},
				Lifecycle:     &api.Lifecycle{}}}
		}, []string{
			"spec.template.spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always",
			"spec.template.spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always",
		}},
		{"unsupported pull policy", func(s *api.PodSpec) { s.Containers[0].ImagePullPolicy = "Sometimes" },
			[]string{ctr + `.imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`}},
		{"unsupported termination message policy", func(s *api.PodSpec) { s.Containers[0].TerminationMessagePolicy = "Logs" },
			[]string{ctr + `.terminationMessagePolicy: Unsupported value: "Logs": supported values: "File", "FallbackToLogsOnError"`}},

		// ports
		{"container port missing", func(s *api.PodSpec) { s.Containers[0].Ports[0].ContainerPort = 0 },
			[]string{ctr + ".ports[0].containerPort: Required value"}},
		{"container port out of range", func(s *api.PodSpec) { s.Containers[0].Ports[0].ContainerPort = 70000 },
			[]string{ctr + ".ports[0].containerPort: Invalid value: 70000: " + portRangeMsg}},
		{"host port out of range", func(s *api.PodSpec) { s.Containers[0].Ports[0].HostPort = -1 },
			[]string{ctr + ".ports[0].hostPort: Invalid value: -1: " + portRangeMsg}},
		{"invalid port name", func(s *api.PodSpec) { s.Containers[0].Ports[0].Name = "HTTP" },
			[]string{
				ctr + `.ports[0].name: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`,
				ctr + `.ports[0].name: Invalid value: "HTTP": must contain at least one letter (a-z)`,
			}},
		{"duplicate port name", func(s *api.PodSpec) {
			s.Containers[0].Ports = append(s.Containers[0].Ports, api.ContainerPort{Name: "http", ContainerPort: 8080})
		}, []string{ctr + `.ports[1].name: Duplicate value: "http"`}},
		{"unsupported protocol", func(s *api.PodSpec) { s.Containers[0].Ports[0].Protocol = "ICMP" },
			[]string{ctr + `.ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"`}},
		{"host port conflict", func(s *api.PodSpec) {
			s.Containers[0].Ports[0].HostPort = 8080
			s.Containers = append(s.Containers, api.Container{Name: "side", Image: "busybox",
				Ports: []api.ContainerPort{{ContainerPort: 9090, HostPort: 8080}}})
		}, []string{`spec.template.spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"`}},

		// env
		{"env name missing", func(s *api.PodSpec) { s.Containers[0].Env = []api.EnvVar{{Value: "x"}} },
			[]string{ctr + ".env[0].name: Required value"}},
		{"env name with =", func(s *api.PodSpec) { s.Containers[0].Env = []api.EnvVar{{Name: "A=B"}} },
			[]string{ctr + `.env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`}},
		{"value and valueFrom", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "A", Value: "x", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.name"}}}}
		}, []string{ctr + ".env[0].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty"}},
		{"empty valueFrom", func(s *api.PodSpec) { s.Containers[0].Env = []api.EnvVar{{Name: "A", ValueFrom: &api.EnvVarSource{}}} },
			[]string{ctr + ".env[0].valueFrom: Invalid value: \"\": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef`, `secretKeyRef` or `fileKeyRef`"}},
		{"unsupported fieldRef", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "A", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "status.phase"}}}}
		}, []string{ctr + `.env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"`}},
		{"unknown fieldRef", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "A", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "spec.foo"}}}}
		}, []string{ctr + `.env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.foo": error converting fieldPath: field label not supported: spec.foo`}},
		{"fieldRef api version", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "A", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{APIVersion: "v2", FieldPath: "metadata.name"}}}}
		}, []string{ctr + `.env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2`}},
		{"fieldRef label key", func(s *api.PodSpec) {
			s.Containers[0].Env = []api.EnvVar{{Name: "A", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.labels['-x']"}}}}
		}, []string{ctr + `.env[0].valueFrom.fieldRef: Invalid value: "-x": ` + nameMsg}},

		// resources
		{"request above limit", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{Limits: api.ResourceList{"cpu": q("500m")}, Requests: api.ResourceList{"cpu": q("1")}}
		}, []string{ctr + `.resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m`}},
		{"negative quantity", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{Limits: api.ResourceList{"memory": q("-1Gi")}}
		}, []string{ctr + `.resources.limits[memory]: Invalid value: "-1Gi": must be greater than or equal to 0`}},
		{"unknown resource", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{Requests: api.ResourceList{"gpu": q("1")}}
		}, []string{
			ctr + `.resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified`,
			ctr + `.resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers`,
		}},
		{"pods is not a container resource", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{Limits: api.ResourceList{"pods": q("1")}}
		}, []string{ctr + `.resources.limits[pods]: Invalid value: "pods": must be a standard resource for containers`}},
		{"extended resource rules", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{
				Limits:   api.ResourceList{"example.com/gpu": q("2"), "example.com/fpga": q("500m")},
				Requests: api.ResourceList{"example.com/gpu": q("1"), "example.com/nic": q("1")},
			}
		}, []string{
			ctr + `.resources.limits[example.com/fpga]: Invalid value: "500m": must be an integer`,
			ctr + `.resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2`,
			ctr + ".resources.limits: Required value: Limit must be set for non overcommitable resources",
		}},
		{"hugepages alone", func(s *api.PodSpec) {
			s.Containers[0].Resources = api.ResourceRequirements{Limits: api.ResourceList{"hugepages-2Mi": q("4Mi")}}
		}, []string{ctr + ".resources: Forbidden: HugePages require cpu or memory"}},

		// probes and hooks
		{"probe without handler", func(s *api.PodSpec) { s.Containers[0].LivenessProbe = &api.Probe{} },
			[]string{ctr + ".livenessProbe: Required value: must specify a handler type"}},
		{"probe with two handlers", func(s *api.PodSpec) {
			s.Containers[0].ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{
				HTTPGet:   &api.HTTPGetAction{Port: api.FromInt(80)},
				TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)},
				GRPC:      &api.GRPCAction{Port: 9000},
			}}
		}, []string{
			ctr + ".readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type",
			ctr + ".readinessProbe.grpc: Forbidden: may not specify more than 1 handler type",
		}},
		{"liveness successThreshold", func(s *api.PodSpec) {
			s.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}}, SuccessThreshold: 2}
		}, []string{ctr + ".livenessProbe.successThreshold: Invalid value: 2: must be 1"}},
		{"startup successThreshold", func(s *api.PodSpec) {
			s.Containers[0].StartupProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}}, SuccessThreshold: 3}
		}, []string{ctr + ".startupProbe.successThreshold: Invalid value: 3: must be 1"}},
		{"readiness grace period", func(s *api.PodSpec) {
			s.Containers[0].ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}}, TerminationGracePeriodSeconds: ptr(int64(10))}
		}, []string{ctr + ".readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes"}},
		{"probe numbers", func(s *api.PodSpec) {
			s.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromInt(80)}},
				InitialDelaySeconds: -1, TimeoutSeconds: -2, TerminationGracePeriodSeconds: ptr(int64(0))}
		}, []string{
			ctr + ".livenessProbe.initialDelaySeconds: Invalid value: -1: must be greater than or equal to 0",
			ctr + ".livenessProbe.timeoutSeconds: Invalid value: -2: must be greater than or equal to 0",
			ctr + ".livenessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0",
		}},
		{"bad httpGet", func(s *api.PodSpec) {
			s.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{
				Port: api.FromInt(0), Scheme: "FTP", HTTPHeaders: []api.HTTPHeader{{Name: "Bad Header"}}}}}
		}, []string{
			ctr + ".livenessProbe.httpGet.port: Invalid value: 0: " + portRangeMsg,
			ctr + `.livenessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS"`,
			ctr + `.livenessProbe.httpGet.httpHeaders: Invalid value: "Bad Header": a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')`,
		}},
		{"named probe port", func(s *api.PodSpec) {
			s.Containers[0].LivenessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{TCPSocket: &api.TCPSocketAction{Port: api.FromString("-web")}}}
		}, []string{ctr + `.livenessProbe.tcpSocket.port: Invalid value: "-web": must not begin or end with a hyphen`}},
		{"exec without command", func(s *api.PodSpec) {
			s.Containers[0].StartupProbe = &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{}}}
		}, []string{ctr + ".startupProbe.exec.command: Required value"}},
		{"grpc port", func(s *api.PodSpec) {
			s.Containers[0].ReadinessProbe = &api.Probe{ProbeHandler: api.ProbeHandler{GRPC: &api.GRPCAction{Port: 70000}}}
		}, []string{ctr + ".readinessProbe.grpc.port: Invalid value: 70000: " + portRangeMsg}},
		{"hook without handler", func(s *api.PodSpec) { s.Containers[0].Lifecycle = &api.Lifecycle{PostStart: &api.LifecycleHandler{}} },
			[]string{ctr + ".lifecycle.postStart: Required value: must specify a handler type"}},
		{"sleep past the grace period", func(s *api.PodSpec) {
			s.Containers[0].Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{Sleep: &api.SleepAction{Seconds: 45}}}
		}, []string{ctr + ".lifecycle.preStop.sleep: Invalid value: 45: must be non-negative and less than terminationGracePeriodSeconds (30)"}},
		{"two hook handlers", func(s *api.PodSpec) {
			s.Containers[0].Lifecycle = &api.Lifecycle{PreStop: &api.LifecycleHandler{
				Exec: &api.ExecAction{Command: []string{"sh"}}, Sleep: &api.SleepAction{Seconds: 1}}}
		}, []string{ctr + ".lifecycle.preStop.sleep: Forbidden: may not specify more than 1 handler type"}},

		// pod-level fields
		{"unsupported dnsPolicy", func(s *api.PodSpec) { s.DNSPolicy = "Custom" },
			[]string{`spec.template.spec.dnsPolicy: Unsupported value: "Custom": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`}},
		{"dnsPolicy None", func(s *api.PodSpec) { s.DNSPolicy = "None" },
			[]string{"spec.template.spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None"}},
		{"invalid nodeSelector", func(s *api.PodSpec) { s.NodeSelector = map[string]string{"zone": "a b"} },
			[]string{`spec.template.spec.nodeSelector: Invalid value: "a b": ` + labelValueMsg}},
		{"invalid names", func(s *api.PodSpec) {
			s.ServiceAccountName, s.NodeName, s.Hostname, s.Subdomain = "SA", "node_1", "host.a", "-sub"
			s.RuntimeClassName = ptr("Gvisor")
		}, []string{
			`spec.template.spec.serviceAccountName: Invalid value: "SA": ` + subdomainMsg,
			`spec.template.spec.nodeName: Invalid value: "node_1": ` + subdomainMsg,
			`spec.template.spec.hostname: Invalid value: "host.a": must not contain dots`,
			`spec.template.spec.subdomain: Invalid value: "-sub": ` + labelMsg,
			`spec.template.spec.runtimeClassName: Invalid value: "Gvisor": ` + subdomainMsg,
		}},
		{"security context ids", func(s *api.PodSpec) {
			s.SecurityContext = &api.PodSecurityContext{RunAsUser: ptr(int64(-1)), RunAsGroup: ptr(int64(1) << 32), FSGroup: ptr(int64(-5))}
		}, []string{
			"spec.template.spec.securityContext.fsGroup: Invalid value: -5: must be between 0 and 4294967295, inclusive",
			"spec.template.spec.securityContext.runAsUser: Invalid value: -1: must be between 0 and 4294967295, inclusive",
			"spec.template.spec.securityContext.runAsGroup: Invalid value: 4294967296: must be between 0 and 4294967295, inclusive",
		}},
		{"tolerations", func(s *api.PodSpec) {
			s.Tolerations = []api.Toleration{
				{Operator: "Equal", Value: "x"},
				{Key: "k", Operator: "Equal", Value: "v", Effect: api.TaintEffectNoSchedule, TolerationSeconds: ptr(int64(1))},
				{Key: "k", Operator: "Exists", Value: "v"},
				{Key: "k", Operator: "Gte"},
				{Key: "k", Effect: "Never"},
			}
		}, []string{
			"spec.template.spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
			"spec.template.spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
			"spec.template.spec.tolerations[2].operator: Invalid value: \"v\": value must be empty when `operator` is 'Exists'",
			`spec.template.spec.tolerations[3].operator: Unsupported value: "Gte": supported values: "Equal", "Exists"`,
			`spec.template.spec.tolerations[4].effect: Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
		}},
	}
	for _, tt := range tests {
		d := validDeployment()
		tt.mutate(&d.Spec.Template.Spec)
		check(t, tt.name, ValidateObject(defaulted(d)), tt.want)
	}
}

func TestValidatePodSpecificAnnotations(t *testing.T) {
	d := validDeployment()
	d.Spec.Template.Annotations = map[string]string{
		"kubernetes.io/config.mirror":                        "x",
		"seccomp.security.alpha.kubernetes.io/pod":           "weird",
		"container.seccomp.security.alpha.kubernetes.io/web": "localhost/../x",
		"container.apparmor.security.beta.kubernetes.io/db":  "bad",
		"controller.kubernetes.io/pod-deletion-cost":         "-100",
	}
	check(t, "annotations", ValidateObject(defaulted(d)), []string{
		`spec.template.annotations[kubernetes.io/config.mirror]: Invalid value: "x": must set spec.nodeName if mirror pod annotation is set`,
		`spec.template.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "weird": must be a valid seccomp profile`,
		`spec.template.annotations.container.seccomp.security.alpha.kubernetes.io/web: Invalid value: "../x": must not contain '..'`,
		`spec.template.annotations[container.apparmor.security.beta.kubernetes.io/db]: Invalid value: "db": container not found`,
		`spec.template.annotations[container.apparmor.security.beta.kubernetes.io/db]: Invalid value: "bad": invalid AppArmor profile name: "bad"`,
	})
}
