package printers

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// TableOptions are the flags of `kubectl get` that shape its tables.
type TableOptions struct {
	// Now is the virtual time AGE columns are measured against.
	Now time.Time
	// Wide shows the priority-1 columns (-o wide).
	Wide bool
	// NoHeaders drops the header line (--no-headers).
	NoHeaders bool
	// ShowLabels adds a LABELS column (--show-labels).
	ShowLabels bool
	// ColumnLabels adds one column per label key (-L key1,key2); the header
	// is the key's last path segment, upper-cased.
	ColumnLabels []string
	// WithNamespace adds a leading NAMESPACE column to namespaced kinds
	// (-A/--all-namespaces); cluster-scoped kinds never get it.
	WithNamespace bool
	// ShowKind prefixes names with "kind.group/" (--show-kind). Output that
	// mixes kinds (kubectl get all, get deploy,rs) gets the prefix anyway.
	ShowKind bool
}

// column is a TableColumnDefinition: its name as upstream spells it ("Up-to-date",
// printed upper-cased), whether only -o wide shows it, and whether it holds
// the object's name (Format "name": the cell the kind prefix goes on).
type column struct {
	name     string
	priority int
	isName   bool
}

// wide marks a priority-1 column.
func wide(name string) column { return column{name: name, priority: 1} }

// col is an always-shown column.
func col(name string) column { return column{name: name} }

// nameCol is the NAME column.
var nameCol = column{name: "Name", isName: true}

// handler pairs a kind's columns with the function that fills one row. The
// row always carries every cell, wide ones included: like the API server's
// table conversion, cells are generated as for -o wide and the printer hides
// the priority-1 columns.
type handler struct {
	columns []column
	row     func(obj api.Object, now time.Time) []string
}

// table is a metav1.Table: column definitions and rows, each row remembering
// its object for the namespace and label decorations.
type table struct {
	columns []column
	rows    []tableRow
}

type tableRow struct {
	cells []string
	obj   api.Object
}
