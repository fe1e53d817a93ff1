package printers

import (
	"fmt"
	"io"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// ResourceName is how kubectl names an object in -o name output and in
// command results: "deployment.apps/web", "pod/web-6d4cf56db6-x7k2p"
// (cli-runtime NamePrinter's printObj: lower-cased kind, ".group" unless the
// core group, "/name").
func ResourceName(obj api.Object) string {
	kind, group := obj.GetTypeMeta().Kind, ""
	if info := api.KindOf(obj); info != nil {
		kind, group = info.Kind, info.Group
	}
	name := obj.GetObjectMeta().Name
	if name == "" {
		name = "<unknown>"
	}
	if group == "" {
		return strings.ToLower(kind) + "/" + name
	}
	return strings.ToLower(kind) + "." + group + "/" + name
}

// printName prints one object's name line, optionally followed by what
// happened to it: "deployment.apps/web created" (NamePrinter with an
// Operation, as apply, create, scale and friends print).
func printName(w io.Writer, obj api.Object, operation string) error {
	line := ResourceName(obj)
	if operation != "" {
		line += " " + operation
	}
	_, err := fmt.Fprintln(w, line)
	return err
}
