package kubectl

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/strategicpatch"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// calculatePatch is set.CalculatePatch (staging/src/k8s.io/kubectl/pkg/
// cmd/set/helper.go): mutate a copy of the object and diff the two as a
// strategic merge patch; it returns the copy too. An empty patch is "{}".
func calculatePatch(in *info, mutate func(obj api.Object) error) (api.Object, []byte, error) {
	original, err := json.Marshal(in.obj)
	if err != nil {
		return nil, nil, err
	}
	obj := in.obj.DeepCopyObject()
	if err := mutate(obj); err != nil {
		return nil, nil, err
	}
	modified, err := json.Marshal(obj)
	if err != nil {
		return nil, nil, err
	}
	patch, err := strategicpatch.CreateTwoWayMergePatch(original, modified, in.kind)
	return obj, patch, err
}

// emptyPatch reports whether a computed patch changes nothing.
func emptyPatch(p []byte) bool { return len(p) == 0 || string(p) == "{}" }

// sendPatch sends a strategic merge patch for the object.
func (e *env) sendPatch(in *info, patch []byte) (api.Object, error) {
	return e.cluster.Server().Patch(in.kind, in.namespace, in.name, apiserver.StrategicMergePatchType, patch)
}

// printName prints "deployment.apps/web <operation>" (the name printer
// with an operation), or the object in the -o format when one is given.
func (e *env) printName(in *info, obj api.Object, operation, output string) error {
	if obj == nil {
		obj = in.obj
	}
	if output != "" && output != "name" {
		return printers.PrintObjects(e.out, []api.Object{obj}, output, printers.OutputOptions{
			SingleItem: true, TableOptions: printers.TableOptions{Now: e.cluster.Now()}})
	}
	if output == "name" {
		operation = ""
	}
	if operation == "" {
		_, err := fmt.Fprintf(e.out, "%s\n", in.resourceName())
		return err
	}
	_, err := fmt.Fprintf(e.out, "%s %s\n", in.resourceName(), operation)
	return err
}

// writeLines writes each line with a newline.
func writeLines(w io.Writer, lines ...string) {
	for _, l := range lines {
		io.WriteString(w, strings.TrimSuffix(l, "\n")+"\n")
	}
}

// checkOutput validates -o for the mutating commands (PrintFlags.ToPrinter).
func checkOutput(fs *flagSet) error { return checkOutputFormat(fs.string("output")) }

// checkOutputFormat is PrintFlags.ToPrinter's check for the commands that
// print the objects they changed, not tables: json, yaml, name and the
// templates, but no wide or custom columns.
func checkOutputFormat(output string) error {
	format, _, _ := strings.Cut(output, "=")
	switch format {
	case "wide", "custom-columns", "custom-columns-file":
		return fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: %s", output,
			"go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,kyaml,name,template,templatefile,yaml")
	}
	return printers.ValidateOutput(output)
}

// changeCause is what --record writes into kubernetes.io/change-cause
// (RecordFlags.Complete's parseCommandArguments): the command path, its
// arguments, then every flag given as --name=value.
func (e *env) changeCause() string {
	s := e.cmd.path()
	if len(e.fs.args) > 0 {
		s += " " + strings.Join(e.fs.args, " ")
	}
	for _, f := range e.fs.setOrder {
		s += fmt.Sprintf(" --%s=%s", f.name, f.str)
	}
	return s
}

// changeCauseAnnotation is where --record writes the command line.
const changeCauseAnnotation = "kubernetes.io/change-cause"

// recordedCause is the change-cause to record, if --record was given.
func (e *env) recordedCause() (string, bool) {
	if !e.fs.bool("record") {
		return "", false
	}
	return e.changeCause(), true
}

// record sets the change-cause annotation when --record was given
// (ChangeCauseRecorder.Record).
func (e *env) record(obj api.Object) {
	cause, ok := e.recordedCause()
	if !ok {
		return
	}
	setAnnotation(obj, changeCauseAnnotation, cause)
}

func setAnnotation(obj api.Object, key, value string) {
	m := obj.GetObjectMeta()
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[key] = value
}
