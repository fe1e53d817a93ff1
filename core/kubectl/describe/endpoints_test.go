package describe

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestDescribeEndpoints(t *testing.T) {
	ep := &api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Subsets: []api.EndpointSubset{
			{Addresses: []api.EndpointAddress{{IP: "10.244.1.5"}, {IP: "10.244.2.7"}},
				NotReadyAddresses: []api.EndpointAddress{{IP: "10.244.3.1"}},
				Ports:             []api.CoreEndpointPort{{Name: "http", Port: 8080, Protocol: "TCP"}, {Port: 9100, Protocol: "TCP"}}},
			{NotReadyAddresses: []api.EndpointAddress{{IP: "10.244.3.2"}}},
		},
	}
	want := `Name:         web
Namespace:    default
Labels:       app=web
Annotations:  <none>
Subsets:
  Addresses:          10.244.1.5,10.244.2.7
  NotReadyAddresses:  10.244.3.1
  Ports:
    Name     Port  Protocol
    ----     ----  --------
    http     8080  TCP
    <unset>  9100  TCP

  Addresses:          <none>
  NotReadyAddresses:  10.244.3.2

Events:  <none>
`
	check(t, "endpoints", render(t, func(w *strings.Builder) error { return Endpoints(w, ep, nil, now) }), want)
}

func TestDescribeEndpointSlice(t *testing.T) {
	name, port, tcp, ready, node := "http", int32(80), api.ProtocolTCP, true, "node-1"
	eps := &api.EndpointSlice{
		ObjectMeta:  api.ObjectMeta{Name: "web-abcde", Namespace: "default", Labels: map[string]string{"kubernetes.io/service-name": "web"}},
		AddressType: api.AddressTypeIPv4,
		Ports:       []api.EndpointPort{{Name: &name, Port: &port, Protocol: &tcp}, {Protocol: &tcp}},
		Endpoints: []api.Endpoint{
			{Addresses: []string{"10.244.1.5"}, Conditions: api.EndpointConditions{Ready: &ready},
				TargetRef: &api.ObjectReference{Kind: "Pod", Name: "web-1"}, NodeName: &node},
			{},
		},
	}
	want := `Name:         web-abcde
Namespace:    default
Labels:       kubernetes.io/service-name=web
Annotations:  <none>
AddressType:  IPv4
Ports:
  Name     Port     Protocol
  ----     ----     --------
  http     80       TCP
  <unset>  <unset>  TCP
Endpoints:
  - Addresses:  10.244.1.5
    Conditions:
      Ready:    true
    Hostname:   <unset>
    TargetRef:  Pod/web-1
    NodeName:   node-1
    Zone:       <unset>
  - Addresses:  <none>
    Conditions:
      Ready:   <unset>
    Hostname:  <unset>
    NodeName:  <unset>
    Zone:      <unset>
Events:        <none>
`
	check(t, "endpointslice", render(t, func(w *strings.Builder) error { return EndpointSlice(w, eps, nil, now) }), want)
	empty := &api.EndpointSlice{ObjectMeta: api.ObjectMeta{Name: "e", Namespace: "default"}, AddressType: api.AddressTypeIPv4}
	check(t, "empty endpointslice", render(t, func(w *strings.Builder) error { return EndpointSlice(w, empty, nil, now) }),
		"Name:         e\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\nAddressType:  IPv4\nPorts: <unset>\nEndpoints: <none>\nEvents:  <none>\n")
}
