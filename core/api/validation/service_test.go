package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestValidateService(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(s *api.Service)
		want   []string
	}{
		{"valid", func(s *api.Service) {}, nil},
		{"valid allocated", func(s *api.Service) {
			s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.0.10", []string{"10.96.0.10"}
			s.Spec.IPFamilies, s.Spec.IPFamilyPolicy = []api.IPFamily{"IPv4"}, ptr(api.IPFamilyPolicySingleStack)
		}, nil},
		{"valid clusterIP only (normalized into clusterIPs)", func(s *api.Service) { s.Spec.ClusterIP = "10.96.0.10" }, nil},
		{"valid headless without ports", func(s *api.Service) { s.Spec.ClusterIP, s.Spec.Ports = "None", nil }, nil},
		{"valid NodePort", func(s *api.Service) {
			s.Spec.Type = api.ServiceTypeNodePort
			s.Spec.Ports[0].NodePort = 30080
		}, nil},
		{"valid LoadBalancer", func(s *api.Service) { s.Spec.Type = api.ServiceTypeLoadBalancer }, nil},
		{"valid ExternalName", func(s *api.Service) {
			s.Spec.Type, s.Spec.ExternalName, s.Spec.Ports, s.Spec.Selector = api.ServiceTypeExternalName, "db.example.com.", nil, nil
		}, nil},
		{"valid two named ports", func(s *api.Service) {
			s.Spec.Ports = []api.ServicePort{{Name: "http", Port: 80}, {Name: "https", Port: 443}}
		}, nil},
		{"same port on two protocols", func(s *api.Service) {
			s.Spec.Ports = []api.ServicePort{{Name: "dns", Port: 53, Protocol: api.ProtocolUDP}, {Name: "dns-tcp", Port: 53}}
		}, nil},

		{"name is a DNS-1035 label", func(s *api.Service) { s.Name = "1web" },
			[]string{`metadata.name: Invalid value: "1web": ` + dns1035Msg}},
		{"no ports", func(s *api.Service) { s.Spec.Ports = nil }, []string{"spec.ports: Required value"}},
		{"port out of range", func(s *api.Service) { s.Spec.Ports[0].Port = 0; s.Spec.Ports[0].TargetPort = api.FromInt(80) },
			[]string{"spec.ports[0].port: Invalid value: 0: " + portRangeMsg}},
		{"targetPort out of range", func(s *api.Service) { s.Spec.Ports[0].TargetPort = api.FromInt(70000) },
			[]string{"spec.ports[0].targetPort: Invalid value: 70000: " + portRangeMsg}},
		{"invalid targetPort name", func(s *api.Service) { s.Spec.Ports[0].TargetPort = api.FromString("web_port") },
			[]string{`spec.ports[0].targetPort: Invalid value: "web_port": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`}},
		{"names required with two ports", func(s *api.Service) {
			s.Spec.Ports = []api.ServicePort{{Port: 80}, {Port: 443}}
		}, []string{"spec.ports[0].name: Required value", "spec.ports[1].name: Required value"}},
		{"invalid and duplicate port names", func(s *api.Service) {
			s.Spec.Ports = []api.ServicePort{{Name: "Web", Port: 80}, {Name: "a", Port: 81}, {Name: "a", Port: 82}}
		}, []string{
			`spec.ports[0].name: Invalid value: "Web": ` + labelMsg,
			`spec.ports[2].name: Duplicate value: "a"`,
		}},
		{"duplicate protocol and port", func(s *api.Service) {
			s.Spec.Ports = []api.ServicePort{{Name: "a", Port: 80}, {Name: "b", Port: 80, TargetPort: api.FromInt(8080)}}
		}, []string{`spec.ports[1]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80,"TargetPort":0,"NodePort":0}`}},
		{"unsupported protocol", func(s *api.Service) { s.Spec.Ports[0].Protocol = "HTTP" },
			[]string{`spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`}},
		{"invalid appProtocol", func(s *api.Service) { s.Spec.Ports[0].AppProtocol = ptr("h2c/") },
			[]string{`spec.ports[0].appProtocol: Invalid value: "h2c/": name part must be non-empty`,
				`spec.ports[0].appProtocol: Invalid value: "h2c/": ` + nameMsg}},
		{"unsupported type", func(s *api.Service) { s.Spec.Type = "Ingress" },
			[]string{`spec.type: Unsupported value: "Ingress": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"`}},
		{"nodePort on ClusterIP", func(s *api.Service) { s.Spec.Ports[0].NodePort = 30080 },
			[]string{"spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'"}},
		{"duplicate nodePort", func(s *api.Service) {
			s.Spec.Type = api.ServiceTypeNodePort
			s.Spec.Ports = []api.ServicePort{{Name: "a", Port: 80, NodePort: 30080}, {Name: "b", Port: 81, NodePort: 30080}}
		}, []string{"spec.ports[1].nodePort: Duplicate value: 30080"}},
		{"invalid clusterIP", func(s *api.Service) { s.Spec.ClusterIP = "10.96.0.300" },
			[]string{`spec.clusterIPs[0]: Invalid value: "10.96.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`}},
		{"clusterIPs disagree", func(s *api.Service) { s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.0.1", []string{"10.96.0.2"} },
			[]string{"spec.clusterIPs: Invalid value: [\"10.96.0.2\"]: first value must match `clusterIP`"}},
		{"clusterIPs without clusterIP", func(s *api.Service) { s.Spec.ClusterIPs = []string{"10.96.0.2"} },
			[]string{"spec.clusterIPs: Invalid value: [\"10.96.0.2\"]: must be empty when `clusterIP` is not specified"}},
		{"two IPv4 cluster IPs", func(s *api.Service) {
			s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.0.1", []string{"10.96.0.1", "10.96.0.2"}
		}, []string{`spec.clusterIPs: Invalid value: ["10.96.0.1","10.96.0.2"]: may specify no more than one IP for each IP family`}},
		{"family mismatch", func(s *api.Service) {
			s.Spec.ClusterIP, s.Spec.IPFamilies = "fd00::1", []api.IPFamily{"IPv4"}
		}, []string{"spec.clusterIPs[0]: Invalid value: \"fd00::1\": expected an IPv4 value as indicated by `ipFamilies[0]`"}},
		{"bad families and policy", func(s *api.Service) {
			s.Spec.IPFamilies = []api.IPFamily{"IPv5", "IPv5"}
			s.Spec.IPFamilyPolicy = ptr(api.IPFamilyPolicy("Both"))
		}, []string{
			`spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"`,
			`spec.ipFamilies[1]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6"`,
			`spec.ipFamilies[1]: Duplicate value: "IPv5"`,
			`spec.ipFamilyPolicy: Unsupported value: "Both": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"`,
		}},
		{"headless NodePort", func(s *api.Service) { s.Spec.Type, s.Spec.ClusterIP = api.ServiceTypeNodePort, "None" },
			[]string{`spec.clusterIPs[0]: Invalid value: "None": may not be set to 'None' for NodePort services`}},
		{"headless LoadBalancer", func(s *api.Service) { s.Spec.Type, s.Spec.ClusterIP = api.ServiceTypeLoadBalancer, "None" },
			[]string{`spec.clusterIPs[0]: Invalid value: "None": may not be set to 'None' for LoadBalancer services`}},
		{"ExternalName mistakes", func(s *api.Service) {
			s.Spec.Type, s.Spec.ClusterIP, s.Spec.IPFamilyPolicy = api.ServiceTypeExternalName, "10.0.0.1", ptr(api.IPFamilyPolicySingleStack)
		}, []string{
			"spec.clusterIPs: Forbidden: may not be set for ExternalName services",
			"spec.ipFamilyPolicy: Forbidden: may not be set for ExternalName services",
			"spec.externalName: Required value",
		}},
		{"ExternalName not a DNS name", func(s *api.Service) {
			s.Spec.Type, s.Spec.ExternalName = api.ServiceTypeExternalName, "DB_HOST"
		}, []string{`spec.externalName: Invalid value: "DB_HOST": ` + subdomainMsg}},
		{"invalid selector", func(s *api.Service) { s.Spec.Selector = map[string]string{"app": "web/1"} },
			[]string{`spec.selector: Invalid value: "web/1": ` + labelValueMsg}},
		{"unsupported session affinity", func(s *api.Service) { s.Spec.SessionAffinity = "Sticky" },
			[]string{`spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None"`}},
		{"special external IPs", func(s *api.Service) { s.Spec.ExternalIPs = []string{"127.0.0.1", "0.0.0.0", "nope"} },
			[]string{
				`spec.externalIPs[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)`,
				`spec.externalIPs[1]: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)`,
				`spec.externalIPs[2]: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
			}},
		{"externalTrafficPolicy on an internal Service", func(s *api.Service) { s.Spec.ExternalTrafficPolicy = "Local" },
			[]string{`spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services`}},
		{"unsupported externalTrafficPolicy", func(s *api.Service) {
			s.Spec.Type, s.Spec.ExternalTrafficPolicy = api.ServiceTypeNodePort, "Global"
		}, []string{`spec.externalTrafficPolicy: Unsupported value: "Global": supported values: "Cluster", "Local"`}},
		{"unsupported internalTrafficPolicy", func(s *api.Service) {
			s.Spec.InternalTrafficPolicy = ptr(api.ServiceInternalTrafficPolicy("Node"))
		}, []string{`spec.internalTrafficPolicy: Unsupported value: "Node": supported values: "Cluster", "Local"`}},
		{"allocateLoadBalancerNodePorts on ClusterIP", func(s *api.Service) { s.Spec.AllocateLoadBalancerNodePorts = ptr(true) },
			[]string{"spec.allocateLoadBalancerNodePorts: Forbidden: may only be used when `type` is 'LoadBalancer'"}},
		{"source ranges", func(s *api.Service) {
			s.Annotations = map[string]string{"service.beta.kubernetes.io/load-balancer-source-ranges": "10.0.0.0/8, 1.2.3.4"}
		}, []string{
			"metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Forbidden: may only be used when `type` is 'LoadBalancer'",
			`metadata.annotations[service.beta.kubernetes.io/load-balancer-source-ranges]: Invalid value: "1.2.3.4": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)`,
		}},
		{"topology annotations disagree", func(s *api.Service) {
			s.Annotations = map[string]string{"service.kubernetes.io/topology-aware-hints": "Auto", "service.kubernetes.io/topology-mode": "Disabled"}
		}, []string{`metadata.annotations[service.kubernetes.io/topology-mode]: Invalid value: "Disabled": must match annotations[service.kubernetes.io/topology-aware-hints] when both are specified`}},
	}
	for _, tt := range tests {
		s := validService()
		tt.mutate(s)
		check(t, tt.name, ValidateObject(defaulted(s)), tt.want)
	}
}

func TestValidateServiceWithoutDefaults(t *testing.T) {
	// What validation says about fields defaulting normally fills in.
	s := validService()
	s.Spec.Type = api.ServiceTypeLoadBalancer
	check(t, "undefaulted", ValidateObject(s), []string{
		"spec.ports[0].protocol: Required value",
		"spec.sessionAffinity: Required value",
		"allocateLoadBalancerNodePorts: Required value",
		"spec.externalTrafficPolicy: Required value",
		"spec.internalTrafficPolicy: Required value",
	})
}

func TestValidateServiceUpdate(t *testing.T) {
	old := defaulted(validService())
	old.ResourceVersion = "9"
	old.Spec.ClusterIP, old.Spec.ClusterIPs = "10.96.0.10", []string{"10.96.0.10"}
	old.Spec.IPFamilies, old.Spec.IPFamilyPolicy = []api.IPFamily{"IPv4"}, ptr(api.IPFamilyPolicySingleStack)
	tests := []struct {
		name   string
		mutate func(s *api.Service)
		want   []string
	}{
		{"change ports", func(s *api.Service) { s.Spec.Ports[0].Port = 8080 }, nil},
		{"change clusterIP", func(s *api.Service) { s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.0.11", nil }, []string{
			`spec.clusterIPs[0]: Invalid value: ["10.96.0.11"]: may not change once set`,
		}},
		{"change family", func(s *api.Service) { s.Spec.IPFamilies = []api.IPFamily{"IPv6"} }, []string{
			`spec.ipFamilies[0]: Invalid value: ["IPv6"]: may not change once set`,
			"spec.clusterIPs[0]: Invalid value: \"10.96.0.10\": expected an IPv6 value as indicated by `ipFamilies[0]`",
		}},
		{"metadata", func(s *api.Service) { s.ResourceVersion = "" },
			[]string{`metadata.resourceVersion: Invalid value: "": must be specified for an update`}},
	}
	for _, tt := range tests {
		s := api.DeepCopy(old)
		tt.mutate(s)
		check(t, tt.name, ValidateObjectUpdate(defaulted(s), old), tt.want)
	}

	s := api.DeepCopy(old)
	s.Status.LoadBalancer.Ingress = []api.LoadBalancerIngress{{IP: "1.2.3.4"}}
	check(t, "status on a ClusterIP Service", ValidateStatusUpdate(s, old),
		[]string{"status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'"})
	s.Spec.Type = api.ServiceTypeLoadBalancer
	s.Status.LoadBalancer.Ingress = []api.LoadBalancerIngress{{IP: "1.2.3"}, {Hostname: "10.0.0.1"}}
	check(t, "LoadBalancer status", ValidateStatusUpdate(s, old), []string{
		`status.loadBalancer.ingress[0].ip: Invalid value: "1.2.3": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
		`status.loadBalancer.ingress[1].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address`,
	})
}
