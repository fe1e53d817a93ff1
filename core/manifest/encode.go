package manifest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// EncodeJSON prints obj as `kubectl get -o json` does: the object's JSON
// (so omitempty, omitzero and custom marshalers apply), keys sorted at
// every level, four-space indentation, a final newline. apiVersion and
// kind are filled in from the Go type when the object lacks them, as
// objects read from the API server always carry them.
func EncodeJSON(obj api.Object) ([]byte, error) {
	v, err := toJSONValue(obj)
	if err != nil {
		return nil, err
	}
	return indentJSON(v)
}

// EncodeYAML prints obj as `kubectl get -o yaml` does (see the package
// comment for the YAML details).
func EncodeYAML(obj api.Object) ([]byte, error) {
	v, err := toJSONValue(obj)
	if err != nil {
		return nil, err
	}
	return marshalYAML(v), nil
}

// EncodeWatchEventJSON prints obj as `kubectl get --watch
// --output-watch-events -o json` does: a metav1.WatchEvent on one line
// (cli-runtime's JSONPrinter.PrintObj, *metav1.WatchEvent case:
// json.Marshal, then a newline).
func EncodeWatchEventJSON(eventType string, obj api.Object) ([]byte, error) {
	v, err := toJSONValue(obj)
	if err != nil {
		return nil, err
	}
	out, err := json.Marshal(watchEvent{Type: eventType, Object: v})
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// EncodeWatchEventYAML is EncodeWatchEventJSON's YAML (YAMLPrinter.PrintObj:
// the event's JSON converted, so its keys are sorted: object, then type).
func EncodeWatchEventYAML(eventType string, obj api.Object) ([]byte, error) {
	v, err := toJSONValue(obj)
	if err != nil {
		return nil, err
	}
	return marshalYAML(map[string]any{"object": v, "type": eventType}), nil
}

// watchEvent is metav1.WatchEvent's JSON form.
type watchEvent struct {
	Type   string `json:"type"`
	Object any    `json:"object"`
}

// EncodeJSONList prints objs as kubectl prints several objects: a v1 List
// with an empty resourceVersion.
func EncodeJSONList(objs []api.Object) ([]byte, error) {
	v, err := listValue(objs)
	if err != nil {
		return nil, err
	}
	return indentJSON(v)
}

// EncodeYAMLList is EncodeJSONList in YAML:
//
//	apiVersion: v1
//	items:
//	- apiVersion: apps/v1
//	  kind: Deployment
//	  ...
//	kind: List
//	metadata:
//	  resourceVersion: ""
func EncodeYAMLList(objs []api.Object) ([]byte, error) {
	v, err := listValue(objs)
	if err != nil {
		return nil, err
	}
	return marshalYAML(v), nil
}

func listValue(objs []api.Object) (map[string]any, error) {
	items := make([]any, 0, len(objs))
	for _, obj := range objs {
		v, err := toJSONValue(obj)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
	}
	return map[string]any{
		"apiVersion": "v1",
		"items":      items,
		"kind":       "List",
		"metadata":   map[string]any{"resourceVersion": ""},
	}, nil
}

// toJSONValue marshals obj with encoding/json and reads it back as maps,
// slices and json.Numbers, the form kubectl prints from (it prints
// unstructured objects, whose keys are sorted).
func toJSONValue(obj api.Object) (any, error) {
	if obj == nil {
		return nil, fmt.Errorf("manifest: cannot encode a nil object")
	}
	raw, err := json.Marshal(obj)
	if err != nil {
		return nil, fmt.Errorf("manifest: encoding %T: %w", obj, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("manifest: encoding %T: %w", obj, err)
	}
	if m, ok := v.(map[string]any); ok {
		if info := api.KindOf(obj); info != nil {
			if _, ok := m["apiVersion"]; !ok {
				m["apiVersion"] = info.APIVersion()
			}
			if _, ok := m["kind"]; !ok {
				m["kind"] = info.Kind
			}
		}
	}
	return v, nil
}

func indentJSON(v any) ([]byte, error) {
	out, err := json.MarshalIndent(v, "", "    ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
