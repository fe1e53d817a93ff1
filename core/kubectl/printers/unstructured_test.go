package printers

import (
	"fmt"
	"testing"
	"time"
)

// Objects become kubectl's unstructured content: integers int64, typed
// apiVersion/kind filled in, unset fields absent.
func TestToUnstructured(t *testing.T) {
	d := deployment("web", time.Minute, 3, 3, 3, 3)
	d.TypeMeta.APIVersion, d.TypeMeta.Kind = "", ""
	u, err := ToUnstructured(d)
	if err != nil {
		t.Fatal(err)
	}
	spec := u["spec"].(map[string]any)
	if got := fmt.Sprintf("%T %v", spec["replicas"], spec["replicas"]); got != "int64 3" {
		t.Errorf("replicas = %s", got)
	}
	if u["apiVersion"] != "apps/v1" || u["kind"] != "Deployment" {
		t.Errorf("type meta = %v %v", u["apiVersion"], u["kind"])
	}
	if _, ok := spec["paused"]; ok {
		t.Error("unset field present")
	}
	if got := fmt.Sprintf("%#v", u["metadata"].(map[string]any)["labels"]); got != `map[string]interface {}{"app":"nginx"}` {
		t.Errorf("labels = %s", got)
	}
}
