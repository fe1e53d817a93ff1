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
