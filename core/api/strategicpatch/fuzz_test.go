package strategicpatch

import (
	"encoding/json"
	"testing"
)

// FuzzStrategicMergePatch feeds arbitrary documents and patches to the
// server-side merge (Deployment and test schemas), the two-way and the
// three-way diff. Nothing may panic; a successful merge must produce a
// JSON object.
func FuzzStrategicMergePatch(f *testing.F) {
	seeds := [][2]string{
		{liveDeployment, `{"spec":{"template":{"spec":{"containers":[{"name":"app","image":"x"}]}}}}`},
		{liveDeployment, `{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"b"},{"name":"app"}],"containers":[{"name":"b"},{"name":"sidecar","$patch":"delete"}]}}}}`},
		{liveDeployment, `{"metadata":{"$deleteFromPrimitiveList/finalizers":["a/one"],"finalizers":["c"]}}`},
		{liveDeployment, `{"spec":{"strategy":{"$retainKeys":["type"],"type":"Recreate"}}}`},
		{liveDeployment, `{"spec":{"template":{"spec":{"containers":[{"$patch":"replace"},{"name":[1]}]}}}}`},
		{`{"mergingList":[{"name":1},{"name":1},{"name":2}]}`, `{"$setElementOrder/mergingList":[{"name":2},{"name":1}],"mergingList":[{"name":1,"$patch":"delete"},{"name":3}]}`},
		{`{"mergingIntList":[1,2,2,null]}`, `{"mergingIntList":[null,3],"$deleteFromPrimitiveList/mergingIntList":[2]}`},
		{`{"retainKeysMap":{"name":"a","mergingList":[{"name":{}}]}}`, `{"retainKeysMap":{"$retainKeys":[{}],"mergingList":[{"name":{}}]}}`},
		{`{}`, `{"$patch":"delete"}`},
		{`[]`, `null`},
	}
	for _, s := range seeds {
		f.Add([]byte(s[0]), []byte(s[1]))
	}
	f.Fuzz(func(t *testing.T, original, patch []byte) {
		for _, s := range []*Schema{SchemaFor(deploymentKind), mergeItemSchema} {
			if out, err := StrategicMergePatchUsingSchema(original, patch, s); err == nil {
				var m map[string]any
				if json.Unmarshal(out, &m) != nil {
					t.Fatalf("result is not a JSON object: %s", out)
				}
			}
			CreateTwoWayMergePatchUsingSchema(original, patch, s)
			CreateThreeWayMergePatchUsingSchema(original, patch, original, s)
			CreateThreeWayMergePatchUsingSchema(patch, original, patch, s)
		}
		PatchFunc(original, patch)
	})
}
