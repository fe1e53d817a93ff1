package jsonpath

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// generic decodes JSON the way kubectl reads objects: integers as int64.
func generic(t *testing.T, text string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	var conv func(any) any
	conv = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				x[k] = conv(e)
			}
		case []any:
			for i, e := range x {
				x[i] = conv(e)
			}
		case json.Number:
			if i, err := x.Int64(); err == nil {
				return i
			}
			f, _ := x.Float64()
			return f
		}
		return v
	}
	return conv(v)
}

type jpTest struct {
	name, template string
	input          any
	want           string
}

func run(t *testing.T, tests []jpTest, allowMissing bool) {
	t.Helper()
	for _, tt := range tests {
		j := New(tt.name).AllowMissingKeys(allowMissing)
		if err := j.Parse(tt.template); err != nil {
			t.Errorf("%s: parse %q: %v", tt.name, tt.template, err)
			continue
		}
		var buf bytes.Buffer
		if err := j.Execute(&buf, tt.input); err != nil {
			t.Errorf("%s: execute %q: %v", tt.name, tt.template, err)
			continue
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("%s: %q gave %q, want %q", tt.name, tt.template, got, tt.want)
		}
	}
}

const typesJSON = `{
	"bools": [true, false, true, false],
	"integers": [1, 2, 3, 4],
	"floats": [1.0, 2.2, 3.3, 4.0],
	"strings": ["one", "two", "three", "four"],
	"interfaces": [true, "one", 1, 1.1],
	"maps": [{"name": "one", "value": 1}, {"name": "two", "value": 2.02},
		{"name": "three", "value": 3.03}, {"name": "four", "value": 4.04}]
}`

// Upstream's TestTypesInput, on generic data.
func TestTypesInput(t *testing.T) {
	types := generic(t, typesJSON)
	run(t, []jpTest{
		{"boolSlice", `{ .bools }`, types, `[true,false,true,false]`},
		{"boolSliceIndex", `{ .bools[0] }`, types, `true`},
		{"boolSliceIndexReverse", `{ .bools[-1] }`, types, `false`},
		{"boolSubSlice", `{ .bools[0:2] }`, types, `true false`},
		{"boolSubSliceFirst2", `{ .bools[:2] }`, types, `true false`},
		{"boolSubSliceStep2", `{ .bools[:4:2] }`, types, `true true`},
		{"integerSlice", `{ .integers }`, types, `[1,2,3,4]`},
		{"integerSliceIndex", `{ .integers[0] }`, types, `1`},
		{"integerSliceIndexReverse", `{ .integers[-2] }`, types, `3`},
		{"integerSubSliceFirst2", `{ .integers[0:2] }`, types, `1 2`},
		{"integerSubSliceStep2", `{ .integers[:4:2] }`, types, `1 3`},
		{"floatSlice", `{ .floats }`, types, `[1,2.2,3.3,4]`},
		{"floatSliceIndex", `{ .floats[0] }`, types, `1`},
		{"floatSliceIndexReverse", `{ .floats[-2] }`, types, `3.3`},
		{"floatSubSliceStep2", `{ .floats[:4:2] }`, types, `1 3.3`},
		{"stringSlice", `{ .strings }`, types, `["one","two","three","four"]`},
		{"stringSliceIndexReverse", `{ .strings[-2] }`, types, `three`},
		{"stringSubSliceStep2", `{ .strings[:4:2] }`, types, `one three`},
		{"interfaceSlice", `{ .interfaces }`, types, `[true,"one",1,1.1]`},
		{"interfaceSubSliceFirst2", `{ .interfaces[0:2] }`, types, `true one`},
		{"mapSliceIndex", `{ .maps[0] }`, types, `{"name":"one","value":1}`},
		{"mapSubSliceStepOdd", `{ .maps[::2] }`, types, `{"name":"one","value":1} {"name":"three","value":3.03}`},
		{"mapSubSliceStepEven", `{ .maps[1::2] }`, types, `{"name":"two","value":2.02} {"name":"four","value":4.04}`},
	}, false)
}

const storeJSON = `{
	"Name": "jsonpath",
	"Book": [
		{"Category": "reference", "Author": "Nigel Rees", "Title": "Sayings of the Centurey", "Price": 8.95},
		{"Category": "fiction", "Author": "Evelyn Waugh", "Title": "Sword of Honour", "Price": 12.99},
		{"Category": "fiction", "Author": "Herman Melville", "Title": "Moby Dick", "Price": 8.99}
	],
	"Bicycle": [{"Color": "red", "Price": 19.95, "IsNew": true}, {"Color": "green", "Price": 20.01, "IsNew": false}],
	"Labels": {"engieer": 10, "web/html": 15, "k8s-app": 20},
	"Employees": {"jason": "manager", "dan": "clerk"}
}`

// Upstream's TestStructInput, on generic data (object keys print sorted).
func TestStoreInput(t *testing.T) {
	store := generic(t, storeJSON)
	run(t, []jpTest{
		{"plain", "hello jsonpath", nil, "hello jsonpath"},
		{"recursive", "{..}", generic(t, `[1,2,3]`), "[1,2,3]"},
		{"filter", "{[?(@<5)]}", generic(t, `[2,6,3,7]`), "2 3"},
		{"quote", `{"{"}`, nil, "{"},
		{"union", "{[1,3,4]}", generic(t, `[0,1,2,3,4]`), "1 3 4"},
		{"array", "{[0:2]}", generic(t, `["Monday","Tudesday"]`), "Monday Tudesday"},
		{"variable", "hello {.Name}", store, "hello jsonpath"},
		{"dict/", "{$.Labels.web/html}", store, "15"},
		{"dict/", "{$.Employees.jason}", store, "manager"},
		{"dict-", "{.Labels.k8s-app}", store, "20"},
		{"nest", "{.Bicycle[*].Color}", store, "red green"},
		{"allarray", "{.Book[*].Author}", store, "Nigel Rees Evelyn Waugh Herman Melville"},
		{"allfields", `{range .Bicycle[*]}{ "{" }{ @.* }{ "} " }{end}`, store, "{red true 19.95} {green false 20.01} "},
		{"recurfields", "{..Price}", store, "19.95 20.01 8.95 12.99 8.99"},
		{"recurdotfields", "{...Price}", store, "19.95 20.01 8.95 12.99 8.99"},
		{"allstructsSlice", "{.Bicycle}", store,
			`[{"Color":"red","IsNew":true,"Price":19.95},{"Color":"green","IsNew":false,"Price":20.01}]`},
		{"allstructs", `{range .Bicycle[*]}{ @ }{ " " }{end}`, store,
			`{"Color":"red","IsNew":true,"Price":19.95} {"Color":"green","IsNew":false,"Price":20.01} `},
		{"lastarray", "{.Book[-1:]}", store,
			`{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}`},
		{"recurarray", "{..Book[2]}", store,
			`{"Author":"Herman Melville","Category":"fiction","Price":8.99,"Title":"Moby Dick"}`},
		{"bool", "{.Bicycle[?(@.IsNew==true)]}", store, `{"Color":"red","IsNew":true,"Price":19.95}`},
		{"wildcard object", "{.Employees.*}", store, "clerk manager"},
	}, false)

	run(t, []jpTest{
		{"nonexistent field", "{.hello}", store, ""},
		{"nonexistent field 2", "before-{.hello}after", store, "before-after"},
	}, true)
}

// Upstream's failing templates: the execution errors, verbatim.
func TestExecuteErrors(t *testing.T) {
	store := generic(t, storeJSON)
	tests := []struct{ template, want string }{
		{"{hello}", "unrecognized identifier hello"},
		{"{.hello}", "hello is not found"},
		{"{.Labels[0]}", "map[string]interface {} is not array or slice"},
		{"{.Book[?(@.Price<>10)]}", "unrecognized filter operator <>"},
		{"{range .Labels.*}{@}{end}{end}", "not in range, nothing to end"},
		{"{.Book[5]}", "array index out of bounds: index 5, length 3"},
		{"{.Book[0:7]}", "array index out of bounds: index 6, length 3"},
		{"{.Book[2:1]}", "starting index 2 is greater than ending index 1"},
		{"{.Book[::0]}", "step must be > 0"},
		{"{.Name[?(@.x)]}", "jsonpath is not array or slice and cannot be filtered"},
		{`{.Book[?(@.Price=="8.95")]}`, "incompatible types for comparison"},
		{`{.Book[?(@.Price<true)]}`, "incompatible types for comparison"},
		{`{.Bicycle[?(@.IsNew<true)]}`, "invalid type for comparison"},
		{`{.Book[?(@.*=="x")]}`, "can only compare one element at a time"},
	}
	for _, tt := range tests {
		j := New("fail")
		if err := j.Parse(tt.template); err != nil {
			t.Errorf("parse %q: %v", tt.template, err)
			continue
		}
		err := j.Execute(&bytes.Buffer{}, store)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %q", tt.template, err, tt.want)
		}
	}
}

// Parse errors, verbatim (parser_test.go's failParserTests and more).
func TestParseErrors(t *testing.T) {
	tests := []struct{ template, want string }{
		{"{.hello", "unclosed action"},
		{"{.hello\n}", "unclosed action"},
		{"{.items[*}", "unterminated array"},
		{"{.items[a]}", "invalid array index a"},
		{"{.items[?(@.x)}", "unclosed array expect ]"},
		{"{.items[?(@.x}", "unterminated filter"},
		{`{"hello}`, "unterminated quoted string"},
		{"{?}", "unrecognized character in action: U+003F '?'"},
		{"{.....name}", "invalid multiple recursive descent"},
		{"{+-1}", "cannot parse number +"},
		{`{"\z"}`, `unquote string "\z" error invalid syntax`},
	}
	for _, tt := range tests {
		_, err := Parse("fail", tt.template)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error %v, want %q", tt.template, err, tt.want)
		}
	}
}

const nodesJSON = `{
	"kind": "List",
	"items": [
		{"kind": "None", "metadata": {"name": "127.0.0.1", "labels": {"kubernetes.io/hostname": "127.0.0.1"}},
		 "status": {"capacity": {"cpu": "4"}, "ready": true,
			"addresses": [{"type": "LegacyHostIP", "address": "127.0.0.1"}]}},
		{"kind": "None", "metadata": {"name": "127.0.0.2", "labels": {"kubernetes.io/hostname": "127.0.0.2"}},
		 "status": {"capacity": {"cpu": "8"}, "ready": false,
			"addresses": [{"type": "LegacyHostIP", "address": "127.0.0.2"}, {"type": "another", "address": "127.0.0.3"}]}}
	],
	"users": [{"name": "myself", "user": {}}, {"name": "e2e", "user": {"username": "admin", "password": "secret"}}]
}`

// Upstream's TestKubernetes and TestEmptyRange: the templates learners use.
func TestKubernetes(t *testing.T) {
	nodes := generic(t, nodesJSON)
	run(t, []jpTest{
		{"range item", `{range .items[*]}{.metadata.name}, {end}{.kind}`, nodes, "127.0.0.1, 127.0.0.2, List"},
		{"range item with quote", `{range .items[*]}{.metadata.name}{"\t"}{end}`, nodes, "127.0.0.1\t127.0.0.2\t"},
		{"range newline", `{range .items[*]}{.metadata.name}{"\n"}{end}`, nodes, "127.0.0.1\n127.0.0.2\n"},
		{"range addresss", `{.items[*].status.addresses[*].address}`, nodes, "127.0.0.1 127.0.0.2 127.0.0.3"},
		{"double range", `{range .items[*]}{range .status.addresses[*]}{.address}, {end}{end}`, nodes,
			"127.0.0.1, 127.0.0.2, 127.0.0.3, "},
		{"item name", `{.items[*].metadata.name}`, nodes, "127.0.0.1 127.0.0.2"},
		{"union nodes capacity", `{.items[*]['metadata.name', 'status.capacity']}`, nodes,
			`127.0.0.1 127.0.0.2 {"cpu":"4"} {"cpu":"8"}`},
		{"range nodes capacity", `{range .items[*]}[{.metadata.name}, {.status.capacity}] {end}`, nodes,
			`[127.0.0.1, {"cpu":"4"}] [127.0.0.2, {"cpu":"8"}] `},
		{"user password", `{.users[?(@.name=="e2e")].user.password}`, nodes, "secret"},
		{"hostname", `{.items[0].metadata.labels.kubernetes\.io/hostname}`, nodes, "127.0.0.1"},
		{"hostname filter", `{.items[?(@.metadata.labels.kubernetes\.io/hostname=="127.0.0.1")].kind}`, nodes, "None"},
		{"bool item", `{.items[?(@..ready==true)].metadata.name}`, nodes, "127.0.0.1"},
		{"recursive name", "{..name}", nodes, "127.0.0.1 127.0.0.2 myself e2e"},
		{"exists filter", `{.items[?(@.status.ready)].metadata.name}`, nodes, "127.0.0.1 127.0.0.2"},
		{"not equal", `{.items[?(@.status.capacity.cpu!="4")].metadata.name}`, nodes, "127.0.0.2"},
		{"null", `{.users[0].user.missing}`, nodes, ""},
	}, true)

	empty := generic(t, `{"items":[]}`)
	run(t, []jpTest{
		{"empty range", `{range .items[*]}{.metadata.name}{end}`, empty, ""},
		{"empty nested range", `{range .items[*]}{.metadata.name}{":"}{range @.spec.containers[*]}{.name}{","}{end}{"+"}{end}`, empty, ""},
	}, true)
}

// Numbers compare across int literals and int64 data; JSON null prints as
// Go's <nil>, as upstream's reflection does.
func TestComparisonsAndNull(t *testing.T) {
	data := generic(t, `{"items":[{"n":"a","r":3,"x":null},{"n":"b","r":1},{"n":"c","r":5}]}`)
	run(t, []jpTest{
		{"gt", `{.items[?(@.r>2)].n}`, data, "a c"},
		{"ge", `{.items[?(@.r>=3)].n}`, data, "a c"},
		{"lt", `{.items[?(@.r<3)].n}`, data, "b"},
		{"le", `{.items[?(@.r<=3)].n}`, data, "a b"},
		{"eq", `{.items[?(@.r==5)].n}`, data, "c"},
		{"null", `{.items[0].x}`, data, "<nil>"},
		{"missing compared", `{.items[?(@.y=="y")].n}`, data, ""},
	}, true)

	// A null field cannot be compared at all.
	j := New("null")
	if err := j.Parse(`{.items[?(@.x=="y")].n}`); err != nil {
		t.Fatal(err)
	}
	if err := j.Execute(&bytes.Buffer{}, data); err == nil || err.Error() != "invalid type for comparison" {
		t.Errorf("comparing null: %v", err)
	}
}
