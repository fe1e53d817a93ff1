package validation

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestValidateEndpoints(t *testing.T) {
	ep := &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Subsets: []api.EndpointSubset{{
			Addresses:         []api.EndpointAddress{{IP: "10.244.1.5", NodeName: ptr("node-1")}},
			NotReadyAddresses: []api.EndpointAddress{{IP: "10.244.2.7"}},
			Ports:             []api.CoreEndpointPort{{Port: 8080}},
		}}}
	check(t, "valid endpoints", ValidateObject(defaulted(ep)), nil)

	bad := api.DeepCopy(ep)
	bad.Name = "Web"
	bad.Subsets = append(bad.Subsets,
		api.EndpointSubset{Ports: []api.CoreEndpointPort{{Port: 80}}},
		api.EndpointSubset{
			Addresses:         []api.EndpointAddress{{IP: "10.244.1.500"}, {IP: "127.0.0.1", Hostname: "Web"}},
			NotReadyAddresses: []api.EndpointAddress{{IP: "169.254.1.1", NodeName: ptr("Node_1")}},
			Ports: []api.CoreEndpointPort{{Name: "http", Port: 0}, {Port: 443, Protocol: "ICMP"},
				{Name: "x", Port: 1, AppProtocol: ptr("a b")}},
		})
	check(t, "endpoints", ValidateObject(defaulted(bad)), []string{
		`metadata.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
		"subsets[1]: Required value: must specify `addresses` or `notReadyAddresses`",
		`subsets[2].addresses[0].ip: Invalid value: "10.244.1.500": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
		`subsets[2].addresses[1].hostname: Invalid value: "Web": ` + labelMsg,
		`subsets[2].notReadyAddresses[0].nodeName: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
		`subsets[2].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive`,
		"subsets[2].ports[1].name: Required value",
		`subsets[2].ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"`,
		`subsets[2].ports[2].appProtocol: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
	})

	// Only a well-formed address is checked against the special ranges.
	loop := api.DeepCopy(ep)
	loop.Subsets[0].Addresses[0].IP = "127.0.0.1"
	check(t, "loopback", ValidateObject(defaulted(loop)), []string{
		`subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)`,
	})

	ep.ResourceVersion = "1"
	upd := api.DeepCopy(ep)
	upd.Namespace = "other"
	upd.Subsets[0].Addresses[0].IP = "0.0.0.0"
	check(t, "endpoints update", ValidateObjectUpdate(upd, ep), []string{
		`metadata.namespace: Invalid value: "other": field is immutable`,
		`subsets[0].addresses[0].ip: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)`,
	})
}
