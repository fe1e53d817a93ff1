package validation

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Upstream messages that recur in the expectations.
const (
	subdomainMsg  = `a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`
	labelMsg      = `a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`
	dns1035Msg    = `a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`
	nameMsg       = `name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`
	labelValueMsg = `a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`
	percentMsg    = `a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')`
	portRangeMsg  = `must be between 1 and 65535, inclusive`
)

func ptr[T any](v T) *T { return &v }

// check compares the full Error() texts, in order.
func check(t *testing.T, name string, got field.ErrorList, want []string) {
	t.Helper()
	var texts []string
	for _, e := range got {
		texts = append(texts, e.Error())
	}
	if len(texts) != len(want) {
		t.Errorf("%s: got %d errors, want %d:\n  got:  %s\n  want: %s", name, len(texts), len(want),
			strings.Join(texts, "\n        "), strings.Join(want, "\n        "))
		return
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Errorf("%s: error %d:\n  got:  %s\n  want: %s", name, i, texts[i], want[i])
		}
	}
}

func webTemplate() api.PodTemplateSpec {
	return api.PodTemplateSpec{
		ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{
			Name:  "web",
			Image: "nginx:1.25",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 80}},
		}}},
	}
}

// validDeployment is a minimal valid Deployment, not yet defaulted.
func validDeployment() *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(3)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: webTemplate(),
		},
	}
}

func validReplicaSet() *api.ReplicaSet {
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "web-5d4f8b", Namespace: "default"},
		Spec: api.ReplicaSetSpec{
			Replicas: ptr(int32(2)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: webTemplate(),
		},
	}
}

func validPod() *api.Pod {
	t := webTemplate()
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web-1", Namespace: "default", Labels: t.Labels}, Spec: t.Spec}
}

func validService() *api.Service {
	return &api.Service{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ServiceSpec{
			Selector: map[string]string{"app": "web"},
			Ports:    []api.ServicePort{{Port: 80, TargetPort: api.FromString("http")}},
		},
	}
}

// defaulted applies the API server's defaults, as it does before
// validating.
func defaulted[T api.Object](obj T) T {
	api.SetDefaults(obj)
	return obj
}
