// Package printers prints API objects the way kubectl v1.37 does: the tables
// of `kubectl get` (with -o wide, --show-labels, -L, -A and the kind prefix of
// multi-type output), and the -o name, json, yaml, jsonpath and
// custom-columns forms, with --sort-by.
//
// Everything is a pure function of the objects and a virtual "now": AGE
// columns are computed against the time the caller passes, never the wall
// clock. The caller (the kubectl command layer) gathers the objects; nothing
// here reads the store.
//
// One file per job, each citing the upstream code it models:
//
//	duration.go       apimachinery util/duration (HumanDuration)
//	tabwriter.go      cli-runtime printers.GetNewTabWriter
//	table.go          the table model and kubectl get's grouping by kind
//	tableprint.go     cli-runtime HumanReadablePrinter (decorate, headers)
//	handlers.go       which columns each kind gets
//	columns_*.go      pkg/printers/internalversion print functions
//	name.go           cli-runtime NamePrinter (-o name)
//	unstructured.go   objects as kubectl's unstructured maps
//	output.go         kubectl get's -o dispatch and printGeneric
//	jsonpathprint.go  cli-runtime JSONPathPrinter
//	customcolumns.go  kubectl get CustomColumnsPrinter
//	sort.go           kubectl get --sort-by (RuntimeSort, isLess)
//	watch.go          kubectl get -w (the tabwriter fork's RememberWidths)
//	natural.go        github.com/fvbommel/sortorder NaturalLess
//
// The JSONPath engine itself lives in the jsonpath subpackage.
package printers
