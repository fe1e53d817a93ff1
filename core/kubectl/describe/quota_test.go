package describe

import (
	"bytes"
	"testing"

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
