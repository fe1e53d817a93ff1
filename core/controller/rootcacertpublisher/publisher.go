// Package rootcacertpublisher models the root-ca-certificate-publisher
// controller (pkg/controller/certificates/rootcacertpublisher/publisher.go):
// every namespace has a ConfigMap kube-root-ca.crt holding the cluster's
// CA bundle, which the kube-api-access volume of every pod projects as
// ca.crt. The controller recreates it when deleted and restores it when
// its data or description is changed.
package rootcacertpublisher

import (
	"maps"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's name (names.RootCACertificatePublisherController).
// It records no events.
const Name = "root-ca-certificate-publisher-controller"

// ConfigMapName and DataKey are the published ConfigMap's name and key.
const (
	ConfigMapName = "kube-root-ca.crt"
	DataKey       = "ca.crt"
)

// descriptionAnnotation and description are the annotation upstream puts
// on the ConfigMap (DescriptionAnnotation, Description).
const (
	descriptionAnnotation = "kubernetes.io/description"
	description           = "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. " +
		"No other usage is guaranteed across distributions of Kubernetes clusters."
)

// RootCA stands for the cluster's CA certificate: a fixed block in PEM's
// form, so every run prints the same bytes. Its contents are not a real
// certificate; nothing in the playground verifies one.
const RootCA = `-----BEGIN CERTIFICATE-----
MIIDBTCCAe2gAwIBAgIIUv5h2Ek3a9IwDQYJKoZIhvcNAQELBQAwFTETMBEGA1UE
AxMKa3ViZXJuZXRlczAeFw0yNjAxMDEwMDAwMDBaFw0zNTEyMzAwMDAwMDBaMBUx
EzARBgNVBAMTCmt1YmVybmV0ZXMwggEiMA0GCSqGSIb3DQEBAQUAA4IBDwAwggEK
AoIBAQC6b3VwbGF5LXNpbXVsYXRlZC1jbHVzdGVyLWNhLW5vdC1hLXJlYWwta2V5
LXRoZS1wbGF5Z3JvdW5kLW5ldmVyLXZlcmlmaWVzLWl0LWFuZC1ub3RoaW5nLWlu
LXRoZS1jb3JlLXNpZ25zLXdpdGgtaXQtZWl0aGVyLXNvLWl0LWlzLWp1c3QtYnl0
ZXMtdGhhdC1sb29rLWxpa2UtYS1jZXJ0aWZpY2F0ZS1mb3ItdGhlLWxlYXJuZXIt
dG8tcmVjb2duaXNlLWF0LWEtZ2xhbmNlLXdoZW4tcmVhZGluZy1hLWNvbmZpZ21h
cC1vdXRwdXQtb3ItYS1wb2Qtdm9sdW1lLWxpc3RpbmctaW4tdGhlLXBsYXlncm91
bmQtb2Yta3ViZXBsYXktdGhhdC1pcy1hbGwwIDAQABo1kwVzAOBgNVHQ8BAf8EBAMC
AqQwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQUa3ViZXBsYXktcm9vdC1jYS0x
MBUGA1UdEQQOMAyCCmt1YmVybmV0ZXMwDQYJKoZIhvcNAQELBQADggEBAGt1YmVw
-----END CERTIFICATE-----
`

var (
	namespaceKind = api.NamespaceKind
	configMapKind = api.ConfigMapKind
)

// Publisher models the controller: namespace adds and updates queue the
// namespace, and so does any change to a kube-root-ca.crt.
type Publisher struct {
	server     *apiserver.Server
	queue      *controller.Queue
	namespaces *controller.Store
	configMaps *controller.Store
}

// New returns the publisher, watching Namespaces and ConfigMaps.
func New(ctx *controller.Context) *Publisher {
	p := &Publisher{server: ctx.Server, queue: ctx.NewQueue(),
		namespaces: ctx.Informers.Lister(namespaceKind), configMaps: ctx.Informers.Lister(configMapKind)}
	ctx.Informers.AddHandler(namespaceKind, controller.Handler{
		Add:    func(obj api.Object) { p.queue.Add(obj.GetObjectMeta().Name) },
		Update: func(_, cur api.Object) { p.queue.Add(cur.GetObjectMeta().Name) },
	})
	published := func(obj api.Object) {
		if m := obj.GetObjectMeta(); m.Name == ConfigMapName {
			p.queue.Add(m.Namespace)
		}
	}
	ctx.Informers.AddHandler(configMapKind, controller.Handler{
		Update: func(_, cur api.Object) { published(cur) },
		Delete: published,
	})
	return p
}

// Name implements controller.Controller.
func (p *Publisher) Name() string { return Name }

// Queue implements controller.Controller.
func (p *Publisher) Queue() *controller.Queue { return p.queue }

// MaxRetries implements controller.Controller: retried forever.
func (p *Publisher) MaxRetries() int { return 0 }

// Sync implements controller.Controller: syncNamespace. A terminating
// namespace is left alone.
func (p *Publisher) Sync(key string, ds *controller.Decisions) error {
	obj, ok := p.namespaces.Get(key)
	if !ok || obj.(*api.Namespace).Status.Phase != api.NamespaceActive {
		return nil
	}
	want := map[string]string{DataKey: RootCA}
	cur, ok := p.configMaps.Get(key + "/" + ConfigMapName)
	if !ok {
		cm := &api.ConfigMap{
			ObjectMeta: api.ObjectMeta{Name: ConfigMapName, Namespace: key,
				Annotations: map[string]string{descriptionAnnotation: description}},
			Data: want,
		}
		if _, err := p.server.Create(cm); err != nil && !apiserver.IsAlreadyExists(err) {
			return err
		}
		ds.Add("syncNamespace", "namespace "+key+" has no ConfigMap "+ConfigMapName, "create configmap "+key+"/"+ConfigMapName).
			Say("rootcacertpublisher.create", controller.Name("namespace", key), controller.Name("configmap", ConfigMapName))
		return nil
	}
	cm := cur.(*api.ConfigMap)
	if maps.Equal(cm.Data, want) && cm.Annotations[descriptionAnnotation] == description {
		return nil
	}
	upd := api.DeepCopy(cm)
	upd.Data = want
	if upd.Annotations == nil {
		upd.Annotations = map[string]string{}
	}
	upd.Annotations[descriptionAnnotation] = description
	if _, err := p.server.Update(upd); err != nil && !apiserver.IsNotFound(err) {
		return err
	}
	ds.Add("syncNamespace", "ConfigMap "+key+"/"+ConfigMapName+" differs from the CA bundle", "update configmap "+key+"/"+ConfigMapName).
		Say("rootcacertpublisher.update", controller.Name("namespace", key), controller.Name("configmap", ConfigMapName))
	return nil
}
