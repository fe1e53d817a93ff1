package kubelet

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
)

// The ConfigMaps and Secrets a pod reads, as the kubelet's configmap and
// secret managers serve them (pkg/kubelet/configmap, pkg/kubelet/secret:
// watch-based caches of the objects the node's pods reference). A missing
// object is their NotFound error, whose resource is singular:
// `configmap "app-config" not found`.

// sourceCache looks each object up once per use, as makeEnvironmentVariables
// keeps the ones it fetched in local maps.
type sourceCache struct {
	k          *Kubelet
	ns         string
	configMaps map[string]*api.ConfigMap
	secrets    map[string]*api.Secret
}

// configMap returns the named ConfigMap of the pod's namespace.
func (s *sourceCache) configMap(name string) (*api.ConfigMap, error) {
	if cm, ok := s.configMaps[name]; ok {
		return cm, nil
	}
	obj, ok := s.k.configMaps.Get(s.ns + "/" + name)
	if !ok {
		return nil, fmt.Errorf("configmap %q not found", name)
	}
	if s.configMaps == nil {
		s.configMaps = map[string]*api.ConfigMap{}
	}
	cm := obj.(*api.ConfigMap)
	s.configMaps[name] = cm
	return cm, nil
}

// secret returns the named Secret of the pod's namespace.
func (s *sourceCache) secret(name string) (*api.Secret, error) {
	if sec, ok := s.secrets[name]; ok {
		return sec, nil
	}
	obj, ok := s.k.secrets.Get(s.ns + "/" + name)
	if !ok {
		return nil, fmt.Errorf("secret %q not found", name)
	}
	if s.secrets == nil {
		s.secrets = map[string]*api.Secret{}
	}
	sec := obj.(*api.Secret)
	s.secrets[name] = sec
	return sec, nil
}

// envFromData is an envFrom source's data; ok is false for an optional
// source that does not exist.
func (s *sourceCache) envFromData(from api.EnvFromSource) (map[string]string, bool, error) {
	switch {
	case from.ConfigMapRef != nil:
		cm, err := s.configMap(from.ConfigMapRef.Name)
		if err != nil {
			return nil, false, optionalMiss(from.ConfigMapRef.Optional, err)
		}
		return cm.Data, true, nil
	case from.SecretRef != nil:
		sec, err := s.secret(from.SecretRef.Name)
		if err != nil {
			return nil, false, optionalMiss(from.SecretRef.Optional, err)
		}
		data := make(map[string]string, len(sec.Data))
		for k, v := range sec.Data {
			data[k] = string(v)
		}
		return data, true, nil
	}
	return nil, false, nil
}

// keyValue is a configMapKeyRef's or secretKeyRef's value; ok is false
// when the reference is optional and its object or key is missing.
func (s *sourceCache) keyValue(from *api.EnvVarSource) (string, bool, error) {
	if ref := from.ConfigMapKeyRef; ref != nil {
		cm, err := s.configMap(ref.Name)
		if err != nil {
			return "", false, optionalMiss(ref.Optional, err)
		}
		v, ok := cm.Data[ref.Key]
		if !ok {
			return "", false, optionalMiss(ref.Optional,
				fmt.Errorf("couldn't find key %v in ConfigMap %v/%v", ref.Key, s.ns, ref.Name))
		}
		return v, true, nil
	}
	ref := from.SecretKeyRef
	sec, err := s.secret(ref.Name)
	if err != nil {
		return "", false, optionalMiss(ref.Optional, err)
	}
	v, ok := sec.Data[ref.Key]
	if !ok {
		return "", false, optionalMiss(ref.Optional,
			fmt.Errorf("couldn't find key %v in Secret %v/%v", ref.Key, s.ns, ref.Name))
	}
	return string(v), true, nil
}

// optionalMiss is err, or nil when the reference is optional.
func optionalMiss(optional *bool, err error) error {
	if optional != nil && *optional {
		return nil
	}
	return err
}
