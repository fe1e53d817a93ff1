package describe

import (
	"bytes"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func TestDescribeResourceQuota(t *testing.T) {
	q := &api.ResourceQuota{
		ObjectMeta: api.ObjectMeta{Name: "object-counts", Namespace: "default"},
		Status: api.ResourceQuotaStatus{
			Hard: api.ResourceList{"pods": resource.MustParse("2"), "requests.memory": resource.MustParse("1Gi"),
				"count/deployments.apps": resource.MustParse("5")},
			Used: api.ResourceList{"pods": resource.MustParse("3"), "requests.memory": resource.MustParse("268435456"),
				"count/deployments.apps": resource.MustParse("1")},
		},
	}
	var buf bytes.Buffer
	if err := ResourceQuota(&buf, q); err != nil {
		t.Fatal(err)
	}
	want := "Name:                   object-counts\n" +
		"Namespace:              default\n" +
		"Resource                Used   Hard\n" +
		"--------                ----   ----\n" +
		"count/deployments.apps  1      5\n" +
		"pods                    3      2\n" +
		"requests.memory         256Mi  1Gi\n"
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestDescribeNamespace(t *testing.T) {
	ns := &api.Namespace{
		ObjectMeta: api.ObjectMeta{Name: "dev", Labels: map[string]string{"kubernetes.io/metadata.name": "dev"}},
		Status:     api.NamespaceStatus{Phase: api.NamespaceActive},
	}
	quotas := []*api.ResourceQuota{
		{ObjectMeta: api.ObjectMeta{Name: "pods", Namespace: "dev"}, Status: api.ResourceQuotaStatus{
			Hard: api.ResourceList{"pods": resource.MustParse("10")}, Used: api.ResourceList{"pods": resource.MustParse("3")}}},
		{ObjectMeta: api.ObjectMeta{Name: "memory", Namespace: "dev"}, Status: api.ResourceQuotaStatus{
			Hard: api.ResourceList{"requests.memory": resource.MustParse("1Gi")}, Used: api.ResourceList{"requests.memory": resource.MustParse("256Mi")}}},
	}
	var buf bytes.Buffer
	if err := Namespace(&buf, ns, quotas); err != nil {
		t.Fatal(err)
	}
	want := "Name:         dev\n" +
		"Labels:       kubernetes.io/metadata.name=dev\n" +
		"Annotations:  <none>\n" +
		"Status:       Active\n" +
		"\n" +
		"Resource Quotas\n" +
		"  Name:            memory\n" +
		"  Resource         Used   Hard\n" +
		"  --------         ---    ---\n" +
		"  requests.memory  256Mi  1Gi\n" +
		"  Name:            pods\n" + // a line without the Used column ends its tabwriter block
		"  Resource         Used  Hard\n" +
		"  --------         ---   ---\n" +
		"  pods             3     10\n" +
		"\n" +
		"No LimitRange resource.\n"
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}

	ns.Status = api.NamespaceStatus{Phase: api.NamespaceTerminating, Conditions: []api.NamespaceCondition{
		{Type: api.NamespaceContentRemaining, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(now),
			Reason: "SomeResourcesRemain", Message: "Some resources are remaining: deployments.apps has 1 resource instances"},
	}}
	buf.Reset()
	if err := Namespace(&buf, ns, nil); err != nil {
		t.Fatal(err)
	}
	want = "Name:         dev\n" +
		"Labels:       kubernetes.io/metadata.name=dev\n" +
		"Annotations:  <none>\n" +
		"Status:       Terminating\n" +
		"Conditions:\n" +
		"  Type                       Status  LastTransitionTime               Reason               Message\n" +
		"  ----                       ------  ------------------               ------               -------\n" +
		"  NamespaceContentRemaining  True    " + now.Format(time.RFC1123Z) + "  SomeResourcesRemain  Some resources are remaining: deployments.apps has 1 resource instances\n" +
		"\n" +
		"No resource quota.\n" +
		"\n" +
		"No LimitRange resource.\n"
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}
