package manifest

import "github.com/kubeplay/kubeplay/core/api"

// EncodeYAMLListOf prints objs as cli-runtime's YAMLPrinter prints a typed
// list a command built itself (kubectl events' corev1.EventList): the list
// kind given, its empty ListMeta as `metadata: {}`, keys sorted.
func EncodeYAMLListOf(listKind string, objs []api.Object) ([]byte, error) {
	v, err := listValue(objs)
	if err != nil {
		return nil, err
	}
	v["kind"] = listKind
	v["metadata"] = map[string]any{}
	return marshalYAML(v), nil
}
