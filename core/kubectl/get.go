package kubectl

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// runGet is `kubectl get` (staging/src/k8s.io/kubectl/pkg/cmd/get/get.go:
// Complete, Validate, Run; watch.go has the --watch path).
func runGet(e *env, c *command, fs *flagSet, args []string) error {
	output := fs.string("output")
	if err := printers.ValidateOutput(output); err != nil {
		return err
	}
	if fs.string("raw") != "" {
		return fmt.Errorf("--raw: %w", printers.ErrUnsupportedFormat)
	}
	watch := fs.bool("watch") || fs.bool("watch-only")
	if watch {
		if fs.string("sort-by") != "" {
			fmt.Fprintf(e.errOut, "warning: --watch or --watch-only requested, --sort-by will be ignored\n")
		}
	} else if len(args) == 0 && len(fs.strings("filename")) == 0 {
		fmt.Fprintf(e.errOut, "You must specify the type of resource to get. %s\n\n", suggestAPIResources)
		return usageErrorf(c, "Required resource not specified.\nUse \"kubectl explain <resource>\" for a detailed description of that resource (e.g. kubectl explain pods).")
	}
	// Validate
	if fs.bool("show-labels") && output != "" && output != "wide" {
		return fmt.Errorf("--show-labels option cannot be used with %s printer", output)
	}
	if fs.bool("output-watch-events") && !watch {
		return fmt.Errorf("--output-watch-events option can only be used with --watch or --watch-only")
	}
	if s := fs.string("subresource"); s != "" && s != "status" && s != "scale" {
		return fmt.Errorf("invalid subresource value: %q. Must be one of [status scale]", s)
	}
	allNS := fs.bool("all-namespaces")
	sel := selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"),
		fieldSelector: fs.string("field-selector"), allNS: allNS, latest: true}
	if watch {
		return e.watch(fs, sel)
	}
	r, err := e.resolve(sel)
	if err != nil {
		return err
	}
	errs := r.errs
	if fs.bool("ignore-not-found") {
		errs = nil
		for _, err := range r.errs {
			if !apiserver.IsNotFound(err) {
				errs = append(errs, err)
			}
		}
	}
	// printGeneric (every -o but the tables): a single item that failed is
	// reported alone, with no empty List before it, and nothing found with
	// --ignore-not-found prints nothing at all.
	if output != "" && output != "wide" && (r.singleItem && len(errs) > 0 || len(r.infos) == 0 && fs.bool("ignore-not-found")) {
		return newAggregate(errs)
	}
	objs := make([]api.Object, len(r.infos))
	for i, in := range r.infos {
		objs[i] = in.obj
	}
	opts := e.outputOptions(fs, allNS)
	opts.SingleItem = r.singleItem
	var buf bytes.Buffer
	if err := printers.PrintObjects(&buf, objs, output, opts); err != nil {
		return err
	}
	e.out.Write(buf.Bytes())
	human := output == "" || output == "wide"
	if human && buf.Len() == 0 && len(errs) == 0 && !fs.bool("ignore-not-found") {
		// get.go: "No resources found in %s namespace." unless every
		// object printed was cluster-scoped or -A was given.
		namespaced := !allNS
		for _, in := range r.infos {
			namespaced = namespaced && in.kind.Namespaced
		}
		io.WriteString(e.errOut, printers.NoResourcesFound(e.namespace, !namespaced)+"\n")
	}
	return newAggregate(errs)
}

// suggestAPIResources is cmdutil.SuggestAPIResources("kubectl").
const suggestAPIResources = `Use "kubectl api-resources" for a complete list of supported resources.`

// outputOptions gathers get's printing flags.
func (e *env) outputOptions(fs *flagSet, allNS bool) printers.OutputOptions {
	return printers.OutputOptions{
		TableOptions: printers.TableOptions{
			Now:           e.cluster.Now(),
			NoHeaders:     fs.bool("no-headers"),
			ShowLabels:    fs.bool("show-labels"),
			ColumnLabels:  fs.strings("label-columns"),
			WithNamespace: allNS,
			ShowKind:      fs.bool("show-kind"),
		},
		SortBy:             fs.string("sort-by"),
		StrictTemplateKeys: !fs.bool("allow-missing-template-keys"),
	}
}
