package printers

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

func printOut(t *testing.T, objs []api.Object, output string, opts OutputOptions) (string, error) {
	t.Helper()
	opts.Now = now
	var b strings.Builder
	err := PrintObjects(&b, objs, output, opts)
	return b.String(), err
}

func mustPrint(t *testing.T, objs []api.Object, output string, opts OutputOptions) string {
	t.Helper()
	out, err := printOut(t, objs, output, opts)
	if err != nil {
		t.Fatalf("-o %s: %v", output, err)
	}
	return out
}

func namespace(name string) *api.Namespace {
	ns := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: ago(time.Second)},
		Status: api.NamespaceStatus{Phase: api.NamespaceActive}}
	api.SetTypeMeta(ns)
	return ns
}

// -o json: one named object prints bare, anything else as a v1 List with an
// empty resourceVersion (printGeneric), four-space indented.
func TestJSONOutput(t *testing.T) {
	check(t, "get ns dev -o json", mustPrint(t, objs(namespace("dev")), "json", OutputOptions{SingleItem: true}), `{
    "apiVersion": "v1",
    "kind": "Namespace",
    "metadata": {
        "creationTimestamp": "2026-01-01T11:59:59Z",
        "name": "dev"
    },
    "spec": {},
    "status": {
        "phase": "Active"
    }
}
`)
	check(t, "get ns -o json", mustPrint(t, objs(namespace("dev")), "JSON", OutputOptions{}), `{
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Namespace",
            "metadata": {
                "creationTimestamp": "2026-01-01T11:59:59Z",
                "name": "dev"
            },
            "spec": {},
            "status": {
                "phase": "Active"
            }
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
`)
	check(t, "nothing -o json", mustPrint(t, nil, "json", OutputOptions{}), `{
    "apiVersion": "v1",
    "items": [],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
`)
}

// -o yaml goes through core/manifest's encoder: the object bare when named
// alone, else a v1 List; encoders can be replaced.
func TestYAMLOutput(t *testing.T) {
	check(t, "get ns dev -o yaml", mustPrint(t, objs(namespace("dev")), "yaml", OutputOptions{SingleItem: true}),
		"apiVersion: v1\n"+
			"kind: Namespace\n"+
			"metadata:\n"+
			"  creationTimestamp: \"2026-01-01T11:59:59Z\"\n"+
			"  name: dev\n"+
			"spec: {}\n"+
			"status:\n"+
			"  phase: Active\n")
	check(t, "get ns -o yml", mustPrint(t, objs(namespace("dev")), "yml", OutputOptions{}),
		"apiVersion: v1\n"+
			"items:\n"+
			"- apiVersion: v1\n"+
			"  kind: Namespace\n"+
			"  metadata:\n"+
			"    creationTimestamp: \"2026-01-01T11:59:59Z\"\n"+
			"    name: dev\n"+
			"  spec: {}\n"+
			"  status:\n"+
			"    phase: Active\n"+
			"kind: List\n"+
			"metadata:\n"+
			"  resourceVersion: \"\"\n")

	var names []string
	enc := &Encoders{
		Object: func(obj api.Object) ([]byte, error) { return []byte("one\n"), nil },
		List: func(objs []api.Object) ([]byte, error) {
			for _, o := range objs {
				names = append(names, o.GetObjectMeta().Name)
			}
			return []byte("list\n"), nil
		},
	}
	check(t, "custom encoder", mustPrint(t, objs(namespace("b"), namespace("a")), "yaml",
		OutputOptions{YAML: enc, SortBy: ".metadata.name"}), "list\n")
	if strings.Join(names, ",") != "a,b" {
		t.Errorf("sorted objects reached the encoder as %v", names)
	}
}

// -o name: kind.group/name (NamePrinter).
func TestNameOutput(t *testing.T) {
	port := int32(80)
	es := &api.EndpointSlice{ObjectMeta: meta("web-abc12", time.Minute, nil), Ports: []api.EndpointPort{{Port: &port}}}
	api.SetTypeMeta(es)
	list := []api.Object{deployment("web", time.Minute, 1, 1, 1, 1), replicaSet("web-6d4cf56db6", time.Minute, 1, 1, 1),
		runningPod("web-6d4cf56db6-x7k2p", time.Minute, nil), service("web", api.ServiceTypeClusterIP, "10.96.0.9", nil, time.Minute),
		es, node("kind-worker", api.ConditionTrue, time.Hour, nil)}
	check(t, "-o name", mustPrint(t, list, "name", OutputOptions{}),
		"deployment.apps/web\n"+
			"replicaset.apps/web-6d4cf56db6\n"+
			"pod/web-6d4cf56db6-x7k2p\n"+
			"service/web\n"+
			"endpointslice.discovery.k8s.io/web-abc12\n"+
			"node/kind-worker\n")
	var b strings.Builder
	if err := printName(&b, list[0], "created"); err != nil {
		t.Fatal(err)
	}
	check(t, "operation", b.String(), "deployment.apps/web created\n")
	if got := ResourceName(list[2]); got != "pod/web-6d4cf56db6-x7k2p" {
		t.Errorf("ResourceName = %q", got)
	}
}

func TestJSONPathOutput(t *testing.T) {
	web := deployment("web", time.Minute, 3, 3, 3, 3)
	api2 := deployment("api", time.Minute, 2, 2, 1, 1)
	api2.Labels = map[string]string{"app": "api", "tier": "backend"}
	pod := runningPod("web-1", time.Minute, nil)
	pod.Status.Conditions = []api.PodCondition{{Type: "Initialized", Status: "True"}, {Type: "Ready", Status: "False"}}
	tests := []struct {
		name, output string
		objs         []api.Object
		single       bool
		want         string
	}{
		{"names", "jsonpath={.items[*].metadata.name}", objs(web, api2), false, "web api"},
		{"one object", "jsonpath={.metadata.name}", objs(web), true, "web"},
		{"one object in a list", "jsonpath={.items[0].spec.replicas}", objs(web), false, "3"},
		{"range", `jsonpath={range .items[*]}{.metadata.name}{"\t"}{.status.readyReplicas}{"\n"}{end}`, objs(web, api2), false,
			"web\t3\napi\t1\n"},
		{"filter", `jsonpath={.status.conditions[?(@.type=="Ready")].status}`, objs(pod), true, "False"},
		{"object as JSON", "jsonpath={.items[1].metadata.labels}", objs(web, api2), false, `{"app":"api","tier":"backend"}`},
		{"images", "jsonpath={.items[*].spec.template.spec.containers[*].image}", objs(web, api2), false, "nginx:1.14.2 nginx:1.14.2"},
		{"missing key", "jsonpath={.spec.nope}", objs(web), true, ""},
		{"text around", "jsonpath=name={.metadata.name}!", objs(web), true, "name=web!"},
	}
	for _, tt := range tests {
		check(t, tt.name, mustPrint(t, tt.objs, tt.output, OutputOptions{SingleItem: tt.single}), tt.want)
	}
}

// kubectl's jsonpath errors, verbatim: parse errors up front, execution
// errors with the template and the object dumped in Go syntax.
func TestJSONPathErrors(t *testing.T) {
	ns := objs(namespace("dev"))
	dump := `map[string]interface {}{"apiVersion":"v1", "kind":"Namespace", "metadata":map[string]interface {}{` +
		`"creationTimestamp":"2026-01-01T11:59:59Z", "name":"dev"}, "spec":map[string]interface {}{}, ` +
		`"status":map[string]interface {}{"phase":"Active"}}`
	tests := []struct {
		output string
		opts   OutputOptions
		want   string
	}{
		{"jsonpath", OutputOptions{}, "template format specified but no template given"},
		{"jsonpath=", OutputOptions{}, "template format specified but no template given"},
		{"jsonpath={.items[*}", OutputOptions{}, "error parsing jsonpath {.items[*}, unterminated array"},
		{"jsonpath={.metadata.name", OutputOptions{}, "error parsing jsonpath {.metadata.name, unclosed action"},
		{"jsonpath={.spec.foo}", OutputOptions{SingleItem: true, StrictTemplateKeys: true},
			"error executing jsonpath \"{.spec.foo}\": Error executing template: foo is not found. " +
				"Printing more information for debugging the template:\n" +
				"\ttemplate was:\n\t\t{.spec.foo}\n" +
				"\tobject given to jsonpath engine was:\n\t\t" + dump + "\n\n\n"},
		{"jsonpath={.metadata.name[0]}", OutputOptions{SingleItem: true},
			"error executing jsonpath \"{.metadata.name[0]}\": Error executing template: string is not array or slice. " +
				"Printing more information for debugging the template:\n" +
				"\ttemplate was:\n\t\t{.metadata.name[0]}\n" +
				"\tobject given to jsonpath engine was:\n\t\t" + dump + "\n\n\n"},
	}
	for _, tt := range tests {
		_, err := printOut(t, ns, tt.output, tt.opts)
		if err == nil || err.Error() != tt.want {
			t.Errorf("-o %s: error\n%v\nwant\n%s", tt.output, err, tt.want)
		}
	}
}

func TestCustomColumns(t *testing.T) {
	web := deployment("web", time.Minute, 3, 3, 3, 3)
	side := deployment("api", time.Minute, 2, 2, 2, 2)
	side.Spec.Template.Spec.Containers = append(side.Spec.Template.Spec.Containers, api.Container{Name: "proxy", Image: "envoy:v1.30"})
	side.Labels = nil
	spec := "custom-columns=NAME:.metadata.name,IMAGE:.spec.template.spec.containers[*].image,APP:{.metadata.labels.app},REPLICAS:spec.replicas"
	check(t, "custom-columns", mustPrint(t, objs(web, side), spec, OutputOptions{}),
		"NAME   IMAGE                      APP      REPLICAS\n"+
			"web    nginx:1.14.2               nginx    3\n"+
			"api    nginx:1.14.2,envoy:v1.30   <none>   2\n")
	check(t, "custom-columns --no-headers", mustPrint(t, objs(web), spec, OutputOptions{TableOptions: TableOptions{NoHeaders: true}}),
		"web   nginx:1.14.2   nginx   3\n")
	check(t, "custom-columns, nothing found", mustPrint(t, nil, "custom-columns=NAME:.metadata.name", OutputOptions{}),
		"NAME\n")
	check(t, "custom-columns, an object", mustPrint(t, objs(web), "custom-columns=LABELS:.metadata.labels", OutputOptions{SingleItem: true}),
		"LABELS\n"+
			"map[app:nginx]\n")

	for output, want := range map[string]string{
		"custom-columns":                 "custom-columns format specified but no custom columns given",
		"custom-columns=":                "custom-columns format specified but no custom columns given",
		"custom-columns=NAME":            "unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>",
		"custom-columns=A:{.a}{.b}":      "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'",
		"custom-columns=A:.metadata[":    "unterminated array",
		"custom-columns-file=cols.txt":   "-o custom-columns-file: output format not supported by the playground",
		"go-template={{.metadata.name}}": "-o go-template: output format not supported by the playground",
	} {
		if _, err := printOut(t, objs(web), output, OutputOptions{}); err == nil || err.Error() != want {
			t.Errorf("-o %s: error %v, want %q", output, err, want)
		}
	}
}

func TestUnknownFormat(t *testing.T) {
	want := `unable to match a printer suitable for the output format "foo", allowed formats are: ` +
		"custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json," +
		"jsonpath-file,kyaml,name,template,templatefile,wide,yaml"
	if err := ValidateOutput("foo"); err == nil || err.Error() != want {
		t.Errorf("ValidateOutput(foo) = %v", err)
	}
	if err := ValidateOutput("WIDE"); err == nil {
		t.Error("WIDE accepted: kubectl's table formats are case-sensitive")
	}
	for _, ok := range []string{"", "wide", "name", "json", "Yaml", "jsonpath={.a}", "custom-columns=A:.a"} {
		if err := ValidateOutput(ok); err != nil {
			t.Errorf("ValidateOutput(%q) = %v", ok, err)
		}
	}
}

// -o wide through PrintObjects, and --sort-by on tables: per kind, numbers
// numerically, names naturally, quantities by value; missing fields first.
func TestSortBy(t *testing.T) {
	pods := objs(runningPod("web-10", time.Minute, nil), runningPod("web-2", 3*time.Minute, nil), runningPod("web-1", 2*time.Minute, nil))
	check(t, "sort by name", mustPrint(t, pods, "", OutputOptions{SortBy: ".metadata.name"}),
		"NAME     READY   STATUS    RESTARTS   AGE\n"+
			"web-1    1/1     Running   0          2m\n"+
			"web-2    1/1     Running   0          3m\n"+
			"web-10   1/1     Running   0          60s\n")
	check(t, "sort by creationTimestamp", mustPrint(t, pods, "", OutputOptions{SortBy: "{.metadata.creationTimestamp}"}),
		"NAME     READY   STATUS    RESTARTS   AGE\n"+
			"web-2    1/1     Running   0          3m\n"+
			"web-1    1/1     Running   0          2m\n"+
			"web-10   1/1     Running   0          60s\n")

	big := deployment("big", time.Minute, 10, 10, 10, 10)
	small := deployment("small", time.Minute, 2, 2, 2, 2)
	none := deployment("zero", time.Minute, 0, 0, 0, 0)
	none.Spec.Replicas = nil
	check(t, "sort by replicas, -o name", mustPrint(t, objs(big, small, none), "name", OutputOptions{SortBy: "spec.replicas"}),
		"deployment.apps/zero\ndeployment.apps/small\ndeployment.apps/big\n")
	check(t, "sort wide", mustPrint(t, objs(big, small), "wide", OutputOptions{SortBy: ".spec.replicas"}),
		"NAME    READY   UP-TO-DATE   AVAILABLE   AGE   CONTAINERS   IMAGES         SELECTOR\n"+
			"small   2/2     2            2           60s   nginx        nginx:1.14.2   app=nginx\n"+
			"big     10/10   10           10          60s   nginx        nginx:1.14.2   app=nginx\n")

	mem := func(name, q string) *api.Node {
		n := node(name, api.ConditionTrue, time.Hour, nil)
		n.Status.Capacity = api.ResourceList{"memory": resource.MustParse(q)}
		return n
	}
	check(t, "sort by quantity", mustPrint(t, objs(mem("a", "16Gi"), mem("b", "512Mi"), mem("c", "8Gi")), "name",
		OutputOptions{SortBy: ".status.capacity.memory"}), "node/b\nnode/c\nnode/a\n")

	_, err := printOut(t, pods, "", OutputOptions{SortBy: ".spec.nope"})
	if want := `couldn't find any field with path "{.spec.nope}" in the list of objects`; err == nil || err.Error() != want {
		t.Errorf("missing sort field: %v", err)
	}
	_, err = printOut(t, pods, "", OutputOptions{SortBy: "{.metadata.name"})
	if want := "sorting error: unclosed action"; err == nil || err.Error() != want {
		t.Errorf("bad sort field: %v", err)
	}
	_, err = printOut(t, pods, "", OutputOptions{SortBy: ".status"})
	if err == nil || !strings.Contains(err.Error(), "unsortable type: map[string]interface {}") {
		t.Errorf("unsortable field: %v", err)
	}
	// A single named object is not sorted, so a missing field is no error.
	if _, err := printOut(t, pods[:1], "name", OutputOptions{SingleItem: true, SortBy: ".spec.nope"}); err != nil {
		t.Errorf("single item: %v", err)
	}
}

func TestNaturalLess(t *testing.T) {
	ordered := []string{"", "0", "00", "1", "01", "2", "10", "a", "a0", "a1", "a01", "a2", "a10", "ab", "b", "web-2", "web-10"}
	for i := range ordered {
		for j := range ordered {
			if got, want := NaturalLess(ordered[i], ordered[j]), i < j; got != want {
				t.Errorf("NaturalLess(%q, %q) = %v, want %v", ordered[i], ordered[j], got, want)
			}
		}
	}
}

func TestRelaxedJSONPathExpression(t *testing.T) {
	for in, want := range map[string]string{
		"metadata.name": "{.metadata.name}", ".metadata.name": "{.metadata.name}",
		"{metadata.name}": "{.metadata.name}", "{.metadata.name}": "{.metadata.name}", "": "",
	} {
		if got, err := RelaxedJSONPathExpression(in); err != nil || got != want {
			t.Errorf("RelaxedJSONPathExpression(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := RelaxedJSONPathExpression("{.a}{.b}"); err == nil {
		t.Error("two actions accepted")
	}
	_ = fmt.Sprint()
}
