package strategicpatch

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// mergeItem mirrors upstream's MergeItem test type: its struct tags are
// the schema the vectors in testdata/ were written for.
type mergeItem struct {
	Name                  string              `json:"name,omitempty"`
	Value                 string              `json:"value,omitempty"`
	Other                 string              `json:"other,omitempty"`
	MergingList           []mergeItem         `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList        []mergeItem         `json:"nonMergingList,omitempty"`
	MergingIntList        []int               `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	NonMergingIntList     []int               `json:"nonMergingIntList,omitempty"`
	MergeItemPtr          *mergeItem          `json:"mergeItemPtr,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	SimpleMap             map[string]string   `json:"simpleMap,omitempty"`
	ReplacingItem         map[string]any      `json:"replacingItem,omitempty" patchStrategy:"replace"`
	RetainKeysMap         retainKeysMergeItem `json:"retainKeysMap,omitempty" patchStrategy:"retainKeys"`
	RetainKeysMergingList []mergeItem         `json:"retainKeysMergingList,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
}

type retainKeysMergeItem struct {
	Name           string            `json:"name,omitempty"`
	Value          string            `json:"value,omitempty"`
	Other          string            `json:"other,omitempty"`
	SimpleMap      map[string]string `json:"simpleMap,omitempty"`
	MergingIntList []int             `json:"mergingIntList,omitempty" patchStrategy:"merge"`
	MergingList    []mergeItem       `json:"mergingList,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	NonMergingList []mergeItem       `json:"nonMergingList,omitempty"`
}

var mergeItemSchema = SchemaOf(mergeItem{})

// vector is one test case of a testdata/*.yaml file; a document that is
// absent is nil.
type vector struct {
	Description string
	Sorted      bool
	Error       string
	docs        map[string][]byte // original, modified, current, patch, twoWay, threeWay, result, twoWayResult
}

func loadVectors(t *testing.T, file string) []vector {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var raw []map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var out []vector
	for _, r := range raw {
		v := vector{docs: map[string][]byte{}}
		for k, x := range r {
			switch k {
			case "description":
				v.Description = x.(string)
			case "sorted":
				v.Sorted = x.(bool)
			case "error":
				v.Error = x.(string)
			default:
				b, err := json.Marshal(x)
				if err != nil {
					t.Fatalf("%s: %s: %v", file, k, err)
				}
				v.docs[k] = b
			}
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no test cases", file)
	}
	return out
}

// canonical re-encodes a document the way results are encoded, sorting
// merge lists first if asked.
func canonical(t *testing.T, doc []byte, sorted bool) string {
	t.Helper()
	m, err := DecodeMap(doc)
	if err != nil {
		t.Fatalf("bad document %s: %v", doc, err)
	}
	if sorted {
		m = sortMergeLists(t, m, mergeItemSchema)
	}
	b, err := encode(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sortMergeLists sorts every merging list by merge key, recursively
// (upstream's sortMergeListsByNameMap), for order-insensitive comparison.
func sortMergeLists(t *testing.T, m map[string]any, s *Schema) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		switch {
		case k == retainKeysDirective || strings.HasPrefix(k, deleteFromPrimitiveListDirectivePrefix):
			v = sortScalars(v.([]any))
		case strings.HasPrefix(k, setElementOrderDirectivePrefix) || k == directiveMarker:
		default:
			sub, meta, err := s.lookupStruct(k)
			if err != nil {
				t.Fatalf("sorting %s: %v", k, err)
			}
			switch x := v.(type) {
			case map[string]any:
				v = sortMergeLists(t, x, sub)
			case []any:
				if _, strategy, _ := extractRetainKeysPatchStrategy(meta.strategies); strategy == mergeDirective {
					elem, _, err := s.lookupSlice(k)
					if err != nil {
						t.Fatal(err)
					}
					var items []any
					for _, item := range x {
						if im, ok := item.(map[string]any); ok {
							item = sortMergeLists(t, im, elem)
						}
						items = append(items, item)
					}
					if v, err = sortMergeListByKey(items, meta.mergeKey); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		out[k] = v
	}
	return out
}

func TestApplyVectors(t *testing.T) {
	for _, c := range loadVectors(t, "apply.yaml") {
		t.Run(c.Description, func(t *testing.T) {
			got, err := StrategicMergePatchUsingSchema(c.docs["original"], c.docs["patch"], mergeItemSchema)
			if c.Error != "" {
				if err == nil || !strings.Contains(err.Error(), c.Error) {
					t.Fatalf("error = %v, want one containing %q", err, c.Error)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g, w := canonical(t, got, c.Sorted), canonical(t, c.docs["result"], c.Sorted); g != w {
				t.Errorf("result\n got %s\nwant %s", g, w)
			}
		})
	}
}

func TestTwoAndThreeWayVectors(t *testing.T) {
	for _, file := range []string{"raw.yaml", "sorted.yaml"} {
		for _, c := range loadVectors(t, file) {
			sorted := file == "sorted.yaml"
			t.Run(file+"/"+c.Description, func(t *testing.T) {
				check := func(what string, got, want []byte) {
					t.Helper()
					if g, w := canonical(t, got, sorted), canonical(t, want, sorted); g != w {
						t.Errorf("%s\n got %s\nwant %s", what, g, w)
					}
				}
				original, modified := c.docs["original"], c.docs["modified"]
				if want, ok := c.docs["twoWay"]; ok {
					patch, err := CreateTwoWayMergePatchUsingSchema(original, modified, mergeItemSchema)
					if err != nil {
						t.Fatalf("two-way: %v", err)
					}
					check("two-way patch", patch, want)
					result, err := StrategicMergePatchUsingSchema(original, patch, mergeItemSchema)
					if err != nil {
						t.Fatalf("applying the two-way patch: %v", err)
					}
					wantResult, ok := c.docs["twoWayResult"]
					if !ok {
						wantResult = modified
					}
					check("two-way result", result, wantResult)
				}
				if want, ok := c.docs["threeWay"]; ok {
					current := c.docs["current"]
					patch, err := CreateThreeWayMergePatchUsingSchema(original, modified, current, mergeItemSchema)
					if err != nil {
						t.Fatalf("three-way: %v", err)
					}
					check("three-way patch", patch, want)
					result, err := StrategicMergePatchUsingSchema(current, patch, mergeItemSchema)
					if err != nil {
						t.Fatalf("applying the three-way patch: %v", err)
					}
					check("three-way result", result, c.docs["result"])
				}
			})
		}
	}
}

func TestVectorFilesLoad(t *testing.T) {
	// Guards the harness: a case without documents would pass vacuously.
	for _, file := range []string{"apply.yaml", "raw.yaml", "sorted.yaml"} {
		for _, c := range loadVectors(t, file) {
			_, hasTwo := c.docs["twoWay"]
			_, hasThree := c.docs["threeWay"]
			_, hasResult := c.docs["result"]
			if file == "apply.yaml" && !(hasResult || c.Error != "") ||
				file != "apply.yaml" && !(hasTwo || hasThree) || reflect.ValueOf(c.docs).Len() == 0 {
				t.Errorf("%s: %q checks nothing", file, c.Description)
			}
		}
	}
}
