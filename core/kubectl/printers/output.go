package printers

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// Encoders serialise objects for -o json or -o yaml: one object bare, or
// several wrapped in a v1 List. The defaults are core/manifest's
// (EncodeJSON/EncodeJSONList, EncodeYAML/EncodeYAMLList).
type Encoders struct {
	Object func(obj api.Object) ([]byte, error)
	List   func(objs []api.Object) ([]byte, error)
}

var (
	jsonEncoders = Encoders{Object: manifest.EncodeJSON, List: manifest.EncodeJSONList}
	yamlEncoders = Encoders{Object: manifest.EncodeYAML, List: manifest.EncodeYAMLList}
)

// OutputOptions are kubectl get's output flags.
type OutputOptions struct {
	TableOptions
	// SingleItem is kubectl's "single item implied": the command named
	// exactly one object (get deploy web), so -o json/yaml/jsonpath/name
	// print it bare instead of wrapped in a v1 List.
	SingleItem bool
	// SortBy is --sort-by's JSONPath ("{.metadata.name}", ".spec.replicas").
	SortBy string
	// StrictTemplateKeys is --allow-missing-template-keys=false: a missing
	// field fails a jsonpath template instead of printing nothing.
	StrictTemplateKeys bool
	// JSON and YAML replace the default encoders when set.
	JSON, YAML *Encoders
}

// AllowedFormats are the values -o accepts, as kubectl get lists them in
// its error.
var AllowedFormats = []string{"custom-columns", "custom-columns-file", "go-template", "go-template-file",
	"json", "jsonpath", "jsonpath-as-json", "jsonpath-file", "kyaml", "name", "template", "templatefile",
	"wide", "yaml"}

// NoCompatiblePrinterError is kubectl's error for an unknown -o value.
type NoCompatiblePrinterError struct{ Format string }

func (e NoCompatiblePrinterError) Error() string {
	return fmt.Sprintf("unable to match a printer suitable for the output format %q, allowed formats are: %s",
		e.Format, strings.Join(AllowedFormats, ","))
}

// ErrUnsupportedFormat is returned for formats kubectl has that the
// playground does not implement (Go templates, files, kyaml, jsonpath-as-json).
var ErrUnsupportedFormat = errors.New("output format not supported by the playground")

// printer is one resolved -o format.
type printer struct {
	kind     string // "table", "json", "yaml", "name", "jsonpath", "custom-columns"
	wide     bool
	jsonPath *jsonPathPrinter
	columns  []customColumn
}

// resolvePrinter picks the printer for -o, checking templates before any
// object is read, in kubectl get's order (PrintFlags.ToPrinter): templates
// (go-template, jsonpath), json/yaml, the table, custom-columns, name.
func resolvePrinter(output string, opts OutputOptions) (*printer, error) {
	format, value, hasValue := strings.Cut(output, "=")
	switch format {
	case "go-template", "go-template-file", "template", "templatefile",
		"jsonpath", "jsonpath-file", "jsonpath-as-json":
		if !hasValue || value == "" {
			return nil, fmt.Errorf("template format specified but no template given")
		}
		if format != "jsonpath" {
			return nil, fmt.Errorf("-o %s: %w", format, ErrUnsupportedFormat)
		}
		jp, err := newJSONPathPrinter(value, opts.StrictTemplateKeys)
		if err != nil {
			return nil, err
		}
		return &printer{kind: "jsonpath", jsonPath: jp}, nil
	}
	switch strings.ToLower(output) {
	case "json":
		return &printer{kind: "json"}, nil
	case "yaml", "yml":
		return &printer{kind: "yaml"}, nil
	case "kyaml":
		return nil, fmt.Errorf("-o kyaml: %w", ErrUnsupportedFormat)
	}
	switch output {
	case "", "wide":
		return &printer{kind: "table", wide: output == "wide"}, nil
	case "name":
		return &printer{kind: "name"}, nil
	}
	switch format {
	case "custom-columns":
		cols, err := parseCustomColumns(value)
		if err != nil {
			return nil, err
		}
		return &printer{kind: "custom-columns", columns: cols}, nil
	case "custom-columns-file":
		if value == "" {
			return nil, fmt.Errorf("custom-columns format specified but no custom columns given")
		}
		return nil, fmt.Errorf("-o custom-columns-file: %w", ErrUnsupportedFormat)
	}
	return nil, NoCompatiblePrinterError{Format: output}
}

// ValidateOutput reports whether -o VALUE is usable, with kubectl's error
// when it is not, so the command layer can fail before doing any work.
func ValidateOutput(output string) error {
	_, err := resolvePrinter(output, OutputOptions{})
	return err
}

// PrintObjects prints objs in the -o format: "" or "wide" (tables), "name",
// "json", "yaml", "jsonpath=TEMPLATE", "custom-columns=SPEC". Sorting
// (--sort-by) happens per table for tables, across all objects otherwise.
// It models kubectl get's Run: the human-readable path, and printGeneric
// for everything else (which wraps several objects, or a whole collection,
// in a v1 List).
func PrintObjects(w io.Writer, objs []api.Object, output string, opts OutputOptions) error {
	p, err := resolvePrinter(output, opts)
	if err != nil {
		return err
	}
	if p.kind == "table" {
		opts.TableOptions.Wide = p.wide
		if opts.SortBy != "" {
			if objs, err = sortTables(objs, opts.SortBy); err != nil {
				return err
			}
		}
		return PrintTable(w, objs, opts.TableOptions)
	}

	items := make([]map[string]any, len(objs))
	for i, obj := range objs {
		if items[i], err = ToUnstructured(obj); err != nil {
			return err
		}
	}
	single := opts.SingleItem && len(objs) == 1
	if opts.SortBy != "" && !single {
		field, err := RelaxedJSONPathExpression(opts.SortBy)
		if err != nil {
			return err
		}
		order, err := sortByField(items, field, "*unstructured.Unstructured")
		if err != nil {
			return err
		}
		sortedItems := make([]map[string]any, len(items))
		sortedObjs := make([]api.Object, len(objs))
		for i, o := range order {
			sortedItems[i], sortedObjs[i] = items[o], objs[o]
		}
		items, objs = sortedItems, sortedObjs
	}
	var data map[string]any
	if single {
		data = items[0]
	} else {
		data = unstructuredList(items)
	}

	switch p.kind {
	case "name":
		for _, it := range items {
			if err := printUnstructuredName(w, it); err != nil {
				return err
			}
		}
		return nil
	case "json":
		return encode(w, objs, single, opts.JSON, jsonEncoders)
	case "yaml":
		return encode(w, objs, single, opts.YAML, yamlEncoders)
	case "jsonpath":
		return p.jsonPath.print(w, data)
	case "custom-columns":
		return printCustomColumns(w, p.columns, items, opts.NoHeaders)
	}
	return fmt.Errorf("unknown printer %q", p.kind)
}

// sortTables sorts each run of one kind on its own, as kubectl sorts the
// rows of each table the server returns.
func sortTables(objs []api.Object, sortBy string) ([]api.Object, error) {
	field, err := RelaxedJSONPathExpression(sortBy)
	if err != nil {
		field = sortBy
	}
	var out []api.Object
	for _, group := range groupByKind(objs) {
		items := make([]map[string]any, len(group))
		for i, obj := range group {
			if items[i], err = ToUnstructured(obj); err != nil {
				return nil, err
			}
		}
		order, err := sortByField(items, field, "[][][]reflect.Value")
		if err != nil {
			if _, ok := err.(*sortParseError); ok {
				return nil, fmt.Errorf("sorting error: %v", err)
			}
			return nil, err
		}
		for _, o := range order {
			out = append(out, group[o])
		}
	}
	return out, nil
}

// printUnstructuredName prints -o name for a generic object.
func printUnstructuredName(w io.Writer, item map[string]any) error {
	kind, _ := item["kind"].(string)
	apiVersion, _ := item["apiVersion"].(string)
	name := "<unknown>"
	if md, ok := item["metadata"].(map[string]any); ok {
		if n, ok := md["name"].(string); ok && n != "" {
			name = n
		}
	}
	group := ""
	if g, _, ok := strings.Cut(apiVersion, "/"); ok {
		group = g
	}
	kind = strings.ToLower(kind)
	if group != "" {
		kind += "." + group
	}
	_, err := fmt.Fprintf(w, "%s/%s\n", kind, name)
	return err
}

// encode writes the object bare when it was named alone, else the List.
// PrintWatched prints one object of `get --watch` in a non-table output,
// as the one printer kubectl's GetOptions.watch makes for the whole watch:
// YAML documents after the first (printed counts those before) start with
// "---" (YAMLPrinter's printCount), and with eventType set
// (--output-watch-events) JSON and YAML print a metav1.WatchEvent that
// wraps the object. The other outputs print the object alone.
func PrintWatched(w io.Writer, obj api.Object, eventType string, printed int, output string, opts OutputOptions) error {
	p, err := resolvePrinter(output, opts)
	if err != nil {
		return err
	}
	var event func(string, api.Object) ([]byte, error)
	switch p.kind {
	case "yaml":
		if printed > 0 {
			if _, err := io.WriteString(w, "---\n"); err != nil {
				return err
			}
		}
		event = manifest.EncodeWatchEventYAML
	case "json":
		event = manifest.EncodeWatchEventJSON
	}
	if eventType == "" || event == nil {
		opts.SingleItem = true
		return PrintObjects(w, []api.Object{obj}, output, opts)
	}
	out, err := event(eventType, obj)
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}

func encode(w io.Writer, objs []api.Object, single bool, enc *Encoders, def Encoders) error {
	if enc == nil {
		enc = &def
	}
	var out []byte
	var err error
	if single {
		out, err = enc.Object(objs[0])
	} else {
		out, err = enc.List(objs)
	}
	if err != nil {
		return err
	}
	_, err = w.Write(out)
	return err
}
